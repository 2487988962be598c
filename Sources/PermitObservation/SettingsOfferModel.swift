public import Observation
public import Permit

/// The offer of Settings on screen, for a SwiftUI alert: a `SettingsOfferPresenter` whose ``presented`` offer a
/// view shows (`PermitSwiftUI`'s `.settingsOfferAlert(_:)`) and answers with ``choose(_:for:)``.
///
/// The policy calls ``present(_:)``, which waits for the person's choice: a view showing the model with
/// `.settingsOfferAlert(_:)` must be on screen, or the request that made the offer waits until one is. Offers
/// made while one is on screen wait their turn, one alert at a time; the next comes once the alert reports
/// that it has gone (``alertDismissed()``), or ``alertLeaveLimit`` after the choice if it never does. The model needs
/// only Observation: it builds, and is tested, on Linux.
///
/// For example:
///
/// ```swift
/// let offers = SettingsOfferModel(appName: "Trails")
/// let permissions = PermissionModel(policy: policy, primers: primers, settingsOffers: offers,
///                                   settings: SettingsAppOpener())
/// // in the view: .settingsOfferAlert(offers)
/// ```
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class SettingsOfferModel: SettingsOfferPresenter {
    /// One offer on screen, with its texts.
    public struct Presented: Identifiable, Hashable, Sendable {
        /// Tells this showing apart from every other, so that a late answer cannot reach the next offer.
        public let id: Int
        /// The offer.
        public let offer: SettingsOffer
        /// Its texts, in the model's wording.
        public let texts: SettingsOffer.Texts
    }

    /// The app's name in the offers' texts.
    @ObservationIgnored public let appName: String
    /// The offers' wording.
    @ObservationIgnored public let wording: SettingsOffer.Wording
    /// The offer on screen, or `nil` when none is.
    public private(set) var presented: Presented?
    /// The offer on screen, or the last one: what an alert shows while it goes away.
    public private(set) var lastPresented: Presented?
    /// The answer awaited for the offer on screen.
    @ObservationIgnored private var answer: (id: Presented.ID, continuation: CheckedContinuation<SettingsOfferChoice?, Never>)?
    /// Whether an offer has the screen: from its turn until its answer, and across the hand-over to the next.
    @ObservationIgnored private var turnTaken = false
    /// The offers waiting for their turn, oldest first.
    @ObservationIgnored private var queue: [CheckedContinuation<Void, Never>] = []
    /// Whether an alert showed an offer and has not reported that it has gone.
    @ObservationIgnored private var alertOnScreen = false
    @ObservationIgnored private var shownCount = 0

    /// How long the next offer waits for the alert of the last one to report that it has gone: a second by
    /// default.
    @ObservationIgnored public let alertLeaveLimit: Duration

    /// Creates the model.
    ///
    /// - Parameters:
    ///   - appName: The app's name in the texts, such as "Trails": its display name.
    ///   - wording: The texts' wording; default: the app's translations in its `Permit` strings table, English
    ///     for the rest (`SettingsOffer.Wording.localized(bundle:table:)`).
    ///   - alertLeaveLimit: How long the next offer waits for the last one's alert to report that it has gone.
    public init(appName: String, wording: SettingsOffer.Wording = .localized(), alertLeaveLimit: Duration = .seconds(1)) {
        self.appName = appName
        self.wording = wording
        self.alertLeaveLimit = alertLeaveLimit
    }

    /// Shows `offer` once the offers before it are answered and their alert has gone, and returns the person's
    /// choice.
    public func present(_ offer: SettingsOffer) async -> SettingsOfferChoice? {
        shownCount += 1
        let entry = Presented(id: shownCount, offer: offer, texts: offer.texts(appName: appName, wording: wording))
        if turnTaken {
            await withCheckedContinuation { queue.append($0) }  // the answer before hands the turn over
        } else {
            turnTaken = true
        }
        await lastAlertGone()
        presented = entry
        lastPresented = entry
        alertOnScreen = true
        return await withCheckedContinuation { answer = (entry.id, $0) }
    }

    /// The person chose `choice` at the offer `id`: it goes away, and the next one waiting comes on screen
    /// once its alert has gone. An answer for an offer no longer on screen does nothing.
    public func choose(_ choice: SettingsOfferChoice, for id: Presented.ID) {
        guard let answer, answer.id == id else { return }
        self.answer = nil
        presented = nil
        answer.continuation.resume(returning: choice)
        if queue.isEmpty {
            turnTaken = false
        } else {
            queue.removeFirst().resume()
        }
    }

    /// The alert showing the offers has gone from the screen: `.settingsOfferAlert(_:)` calls it when SwiftUI
    /// dismisses the alert, so that the next offer is not presented over the last one's dismissal.
    public func alertDismissed() {
        alertOnScreen = false
    }

    /// Returns once the last offer's alert reported that it has gone, or after ``alertLeaveLimit``.
    private func lastAlertGone() async {
        let deadline = ContinuousClock.now + alertLeaveLimit
        while alertOnScreen, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        alertOnScreen = false
    }
}
