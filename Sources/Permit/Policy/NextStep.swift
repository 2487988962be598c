/// What the app should do now about one permission, as ``PromptPolicy/nextStep(for:)`` answers it.
///
/// | step | when |
/// | --- | --- |
/// | ``ready`` | usable (``PermissionStatus/isUsable``): granted, limited, provisional, approximate, ... |
/// | ``showPrimer(_:)`` | never asked (or write-only calendar access, which iOS can upgrade), the declaration wants a primer, and the policy allows a prompt now |
/// | ``showSystemPrompt`` | never asked, no primer, and the policy allows a prompt now |
/// | ``openSettings`` | denied: only the user can change it, in Settings |
/// | ``unavailable`` | restricted, or not on this device: nothing the app or the user can do here |
/// | ``requestTemporaryFullAccuracy`` | a feature needs precise location, and the person allowed approximate location only (see ``Feature/needsPreciseLocation``) |
/// | ``suppressed(_:)`` | never granted, but the app must not ask now (see ``Reason``) |
///
/// For example:
///
/// ```swift
/// switch try await policy.nextStep(for: .location) {
/// case .ready: captureLocation()
/// case .showPrimer(let primer): showPrimer(primer)     // its only button continues to the system prompt
/// case .showSystemPrompt: _ = try await policy.request(.location)
/// case .openSettings: showSettingsLink()
/// case .requestTemporaryFullAccuracy: _ = try await policy.requestTemporaryFullAccuracy(for: .location)
/// case .unavailable, .suppressed: showLocationUnavailable()
/// }
/// ```
public enum NextStep: Hashable, Sendable, CustomStringConvertible {
    /// Why the policy holds a prompt back.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The app already showed the system prompt for this permission and must not ask again.
        case alreadyAsked
        /// The declaration is lazy and the app is still starting up (``PromptPolicy/finishStartup()`` not
        /// called yet).
        case startup
        /// This launch has shown as many prompts as ``PromptPolicy/Configuration/promptBudget`` allows.
        case budgetSpent
        /// A prompt was shown less than ``PromptPolicy/Configuration/cooldown`` ago.
        case coolingDown

        /// The reason's name, such as `startup`.
        public var description: String {
            switch self {
            case .alreadyAsked: "alreadyAsked"
            case .startup: "startup"
            case .budgetSpent: "budgetSpent"
            case .coolingDown: "coolingDown"
            }
        }
    }

    /// The permission is usable.
    case ready
    /// Show this primer; its one button continues to the system prompt through
    /// ``PromptPolicy/request(_:afterPrimer:)`` with `afterPrimer: true`.
    case showPrimer(Primer)
    /// Ask with ``PromptPolicy/request(_:afterPrimer:)``; the OS shows its prompt.
    case showSystemPrompt
    /// The user declined; offer a way to Settings, and never prompt again.
    case openSettings
    /// Restricted, or not on this device.
    case unavailable
    /// Do nothing now: the policy holds the prompt back.
    case suppressed(Reason)
    /// Location is approximate and the feature needs it precise: ask with
    /// ``PromptPolicy/requestTemporaryFullAccuracy(for:)``. Only a feature's state gives this step (see
    /// ``Feature/needsPreciseLocation``); ``PromptPolicy/nextStep(for:)`` reads approximate location as ``ready``.
    case requestTemporaryFullAccuracy

    /// Whether the step leads to a system prompt: ``showPrimer(_:)`` or ``showSystemPrompt``.
    public var leadsToPrompt: Bool {
        switch self {
        case .showPrimer, .showSystemPrompt: true
        case .ready, .openSettings, .unavailable, .suppressed, .requestTemporaryFullAccuracy: false
        }
    }

    /// The step's name, such as `openSettings` or `suppressed(startup)`.
    public var description: String {
        switch self {
        case .ready: "ready"
        case .showPrimer(let primer): "showPrimer(\(primer.kind))"
        case .showSystemPrompt: "showSystemPrompt"
        case .openSettings: "openSettings"
        case .unavailable: "unavailable"
        case .suppressed(let reason): "suppressed(\(reason))"
        case .requestTemporaryFullAccuracy: "requestTemporaryFullAccuracy"
        }
    }
}
