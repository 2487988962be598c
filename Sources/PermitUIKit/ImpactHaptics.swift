#if canImport(UIKit)
public import PermitWeb
import UIKit

/// The `HapticFeedbackPlayer` the bridge's `hapticFeedback(style)` uses, over `UIImpactFeedbackGenerator`.
///
/// Each style plays the impact of the same name (light, medium, heavy). Devices without a haptic engine play
/// nothing, as UIKit does.
///
/// For example:
///
/// ```swift
/// await ImpactHaptics().play(.medium)
/// ```
public struct ImpactHaptics: HapticFeedbackPlayer {
    /// Creates the player.
    public init() {}

    /// Plays one impact of `style`, on the main actor.
    public func play(_ style: HapticStyle) async {
        await Self.impact(style)
    }

    @MainActor
    private static func impact(_ style: HapticStyle) {
        let feedbackStyle: UIImpactFeedbackGenerator.FeedbackStyle =
            switch style {
            case .light: .light
            case .medium: .medium
            case .heavy: .heavy
            }
        UIImpactFeedbackGenerator(style: feedbackStyle).impactOccurred()
    }
}
#endif
