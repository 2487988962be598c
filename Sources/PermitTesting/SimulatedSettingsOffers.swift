public import Permit

/// A scriptable stand-in for the app's offer of Settings after a denial (`SettingsOfferPresenter`), and for
/// the Settings app it opens (`SettingsOpener`): it records every offer shown, with its texts, and answers with
/// the person's scripted choice.
///
/// - The choice comes from ``answerNextOffer(with:)``, in order; with none scripted it is ``unscriptedChoice``
///   (Not now, unless set), or, with ``holdsOffers`` set, the offer stays on screen until
///   ``answerPendingOffer(with:)``, so that a test can see what waits for the person's choice.
/// - Opening Settings is counted in ``settingsOpenCount`` and sends `device`'s app to the background, as iOS
///   does.
///
/// For example:
///
/// ```swift
/// let offers = SimulatedSettingsOffers(device: device, appName: "Trails")
/// await offers.answerNextOffer(with: .openSettings)
/// let outcome = try await policy.request(.camera, initiatedBy: .person)
/// _ = try await policy.offerSettings(for: .camera, presenter: offers, opener: offers)
/// #expect(await offers.shown.map(\.title) == ["Camera is off for Trails"])
/// #expect(await offers.settingsOpenCount == 1)
/// ```
public actor SimulatedSettingsOffers: SettingsOfferPresenter, SettingsOpener {
    /// The device whose app goes to the background when Settings opens; `nil` for none.
    public let device: SimulatedDevice?
    /// The app's name in the offers' texts.
    public let appName: String
    /// The wording of the offers' texts.
    public let wording: SettingsOffer.Wording
    /// The offers shown, oldest first.
    public private(set) var offers: [SettingsOffer] = []
    /// The texts of the offers shown, oldest first.
    public private(set) var shown: [SettingsOffer.Texts] = []
    /// The choice for an offer with none scripted, when ``holdsOffers`` is not set. Default: Not now.
    public private(set) var unscriptedChoice: SettingsOfferChoice = .notNow
    /// Whether an offer with no choice scripted stays on screen until ``answerPendingOffer(with:)``.
    public private(set) var holdsOffers = false
    /// Whether an offer can be shown; `false` stands for an app with nothing on screen to show it over, whose
    /// presenter answers `nil`. Default: `true`.
    public private(set) var canShowOffers = true
    /// How many times Settings was opened.
    public private(set) var settingsOpenCount = 0
    private var scripted: [SettingsOfferChoice] = []
    private var held: [CheckedContinuation<SettingsOfferChoice, Never>] = []

    /// Creates the stand-in.
    ///
    /// - Parameters:
    ///   - device: The device whose app goes to the background when Settings opens.
    ///   - appName: The app's name in the offers' texts.
    ///   - wording: The offers' wording; default: English.
    public init(device: SimulatedDevice? = nil, appName: String = "Trails", wording: SettingsOffer.Wording = .english) {
        self.device = device
        self.appName = appName
        self.wording = wording
    }

    /// Scripts the person's choice at the next offer with none scripted before it.
    public func answerNextOffer(with choice: SettingsOfferChoice) { scripted.append(choice) }

    /// Sets ``unscriptedChoice``.
    public func setUnscriptedChoice(_ choice: SettingsOfferChoice) { unscriptedChoice = choice }

    /// Sets ``holdsOffers``.
    public func setHoldsOffers(_ holds: Bool) { holdsOffers = holds }

    /// Sets ``canShowOffers``.
    public func setCanShowOffers(_ can: Bool) { canShowOffers = can }

    /// How many offers are on screen, waiting for ``answerPendingOffer(with:)``.
    public var pendingOfferCount: Int { held.count }

    /// Answers the offers on screen because ``holdsOffers`` is set.
    ///
    /// - Returns: How many offers were answered.
    @discardableResult
    public func answerPendingOffer(with choice: SettingsOfferChoice) -> Int {
        let waiting = held
        held = []
        for continuation in waiting { continuation.resume(returning: choice) }
        return waiting.count
    }

    /// Shows `offer`: records it and its texts, and returns the scripted choice; `nil`, recording nothing,
    /// while ``canShowOffers`` is `false`.
    public func present(_ offer: SettingsOffer) async -> SettingsOfferChoice? {
        guard canShowOffers else { return nil }
        offers.append(offer)
        shown.append(offer.texts(appName: appName, wording: wording))
        if !scripted.isEmpty { return scripted.removeFirst() }
        guard holdsOffers else { return unscriptedChoice }
        return await withCheckedContinuation { held.append($0) }
    }

    /// Opens Settings: counts it and sends the app to the background.
    public func openSettings() async -> Bool {
        settingsOpenCount += 1
        await device?.moveToBackground()
        return true
    }
}
