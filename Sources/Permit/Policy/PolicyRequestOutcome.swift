/// What came of a request made through ``PromptPolicy/request(_:afterPrimer:)``.
///
/// For example:
///
/// ```swift
/// let outcome = try await policy.request(.location)
/// if outcome.state.isUsable {
///     entry.location = await currentLocation()
/// } else if try await policy.owesDenialNotice(for: .location) {
///     showLocationUnavailableNotice()
///     try await policy.markDenialNoticeDelivered(for: .location)
/// }
/// ```
public struct PolicyRequestOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The permission's state after the request.
    public var state: PermissionState
    /// Whether the OS was asked: by this call, or by a concurrent call for the same kind whose prompt this one
    /// shared. `false` when the policy held the request back.
    public var askedSystem: Bool
    /// The step the app should take now: ``NextStep/ready`` after a grant, ``NextStep/openSettings`` after a
    /// denial, or why the request was held back.
    public var nextStep: NextStep
    /// The person's choice at the offer of Settings that followed the request, or `nil` when none was made (see
    /// ``PromptPolicy/offerSettings(for:presenter:opener:)``).
    public var settingsOffer: SettingsOfferChoice?

    /// Creates an outcome.
    package init(state: PermissionState, askedSystem: Bool, nextStep: NextStep, settingsOffer: SettingsOfferChoice? = nil) {
        self.state = state
        self.askedSystem = askedSystem
        self.nextStep = nextStep
        self.settingsOffer = settingsOffer
    }

    /// A one-line description, such as `location: denied (asked) -> openSettings`, with the offer's choice
    /// after it when one was made (`camera: denied -> openSettings; offered Settings: notNow`).
    public var description: String {
        "\(state.kind): \(state.status)\(askedSystem ? " (asked)" : "") -> \(nextStep)"
            + (settingsOffer.map { "; offered Settings: \($0)" } ?? "")
    }
}
