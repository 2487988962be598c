#if canImport(UIKit)
public import Permit
import UIKit

/// Offers the way to Settings in an alert, "Camera is off for Trails" with Open Settings and Not now: the
/// `SettingsOfferPresenter` for a UIKit app. Give it to `PermissionModel`, `HybridShell` or `WebBridge` with a
/// `SettingsAppOpener`.
///
/// The alert is presented over the key window's front view controller (one that is not being dismissed). Its
/// texts come from `SettingsOffer.Wording.localized(bundle:table:)`: English, or the app's translations in its
/// `Permit` strings table. Open Settings is the alert's preferred action, and carries the offer's
/// `openSettingsHint` as its accessibility hint (whether VoiceOver reads an alert action's hint has not been
/// checked on a device; the label and the title say the same).
///
/// It always answers: the person's button; Not now when the alert went away without one (the view controller
/// under it was dismissed); and `nil`, no offer made, when there was nothing to present it over or UIKit
/// refused the presentation.
///
/// For example:
///
/// ```swift
/// let shell = HybridShell(configuration: configuration, policy: policy, webView: webView, location: location,
///                         haptics: ImpactHaptics(), primers: primers, settingsOffers: SettingsOfferAlerts(),
///                         settings: SettingsAppOpener(), logger: logger)
/// ```
public struct SettingsOfferAlerts: SettingsOfferPresenter {
    /// The app's name in the texts.
    public let appName: String
    /// The texts' wording.
    public let wording: SettingsOffer.Wording

    /// Creates the presenter.
    ///
    /// - Parameters:
    ///   - appName: The app's name in the texts; default: its display name (`SettingsOffer.appName(of:)`).
    ///   - wording: The texts' wording; default: the app's `Permit` strings table, English for the rest.
    public init(appName: String = SettingsOffer.appName(), wording: SettingsOffer.Wording = .localized()) {
        self.appName = appName
        self.wording = wording
    }

    /// Shows `offer` in an alert and returns the person's choice: Not now when the alert went away without
    /// one, `nil` when it could not be shown.
    @MainActor
    public func present(_ offer: SettingsOffer) async -> SettingsOfferChoice? {
        guard let front = Self.frontViewController() else { return nil }
        let texts = offer.texts(appName: appName, wording: wording)
        return await withCheckedContinuation { continuation in
            let answer = OfferAnswer(continuation)
            // Held by the actions' handlers, so by the alert: when the alert goes away without a button (the
            // view controller under it dismissed), it is released, and the offer ends as Not now.
            let release = ReleaseSignal { answer.finish(.notNow) }
            let alert = UIAlertController(title: texts.title, message: texts.message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: texts.notNowLabel, style: .cancel) { _ in
                withExtendedLifetime(release) { answer.finish(.notNow) }
            })
            let open = UIAlertAction(title: texts.openSettingsLabel, style: .default) { _ in
                withExtendedLifetime(release) { answer.finish(.openSettings) }
            }
            open.accessibilityHint = texts.openSettingsHint
            alert.addAction(open)
            alert.preferredAction = open
            front.present(alert, animated: true)
            // UIKit refuses a presentation over a view controller that is not in the window hierarchy, or
            // already presents another: then nothing was shown.
            if alert.presentingViewController == nil { answer.finish(nil) }
        }
    }

    /// The view controller in front on the key window: the root, or the one it presents (and is not
    /// dismissing), all the way up.
    @MainActor
    static func frontViewController() -> UIViewController? {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        var front = windows.first(where: \.isKeyWindow)?.rootViewController
        while let presented = front?.presentedViewController, !presented.isBeingDismissed { front = presented }
        return front
    }
}

/// The one answer of an offer: the first of the person's button, the alert's release and a refused
/// presentation resumes the continuation; the others do nothing.
private final class OfferAnswer: @unchecked Sendable {  // its one mutable field is guarded by the lock
    private let lock = NSLock()
    private var continuation: CheckedContinuation<SettingsOfferChoice?, Never>?

    init(_ continuation: CheckedContinuation<SettingsOfferChoice?, Never>) { self.continuation = continuation }

    func finish(_ choice: SettingsOfferChoice?) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: choice)
    }
}

/// Runs its action when it is released.
private final class ReleaseSignal: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) { self.action = action }

    deinit { action() }
}
#endif
