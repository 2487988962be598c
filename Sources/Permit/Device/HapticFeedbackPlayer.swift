/// The device's haptic engine, as the bridge's `hapticFeedback(style)` uses it.
///
/// `ImpactHaptics` in the `PermitUIKit` adapter implements it; `PermitTesting` has a recording one.
public protocol HapticFeedbackPlayer: Sendable {
    /// Plays one impact of the given style.
    func play(_ style: HapticStyle) async
}

/// The impact styles a page can ask for.
public enum HapticStyle: String, Hashable, Sendable, CaseIterable, Codable {
    /// A light impact.
    case light
    /// A medium impact.
    case medium
    /// A heavy impact.
    case heavy
}
