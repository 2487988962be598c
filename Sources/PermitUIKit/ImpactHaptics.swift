#if canImport(UIKit)
public import PermitWeb
import UIKit

/// The `HapticFeedbackPlayer` the bridge's `hapticFeedback(style)` uses, over `UIImpactFeedbackGenerator`.
///
/// Each style plays the impact of the same name (light, medium, heavy). Devices without a haptic engine play
/// nothing, as UIKit does.
///
/// One generator per style is kept for the process and prepared after each impact: a generator created and
/// fired at once plays late, because the Taptic Engine needs time to wake up ("Call `prepare()` before you
/// trigger feedback", Apple, `UIFeedbackGenerator`). An app about to ask for haptics (a page that shows a game,
/// say) can call ``prepare(_:)`` first.
///
/// For example:
///
/// ```swift
/// await ImpactHaptics().play(.medium)
/// ```
public struct ImpactHaptics: HapticFeedbackPlayer {
    /// Creates the player.
    public init() {}

    /// Plays one impact of `style`, on the main actor, and prepares the generator for the next one.
    public func play(_ style: HapticStyle) async {
        await Self.impact(style)
    }

    /// Wakes the Taptic Engine for an impact of `style` expected within the next seconds.
    public func prepare(_ style: HapticStyle) async {
        await Self.generator(for: style).prepare()
    }

    /// The generators made so far, one per style.
    @MainActor private static var generators: [HapticStyle: UIImpactFeedbackGenerator] = [:]

    @MainActor
    private static func generator(for style: HapticStyle) -> UIImpactFeedbackGenerator {
        if let generator = generators[style] { return generator }
        let feedbackStyle: UIImpactFeedbackGenerator.FeedbackStyle =
            switch style {
            case .light: .light
            case .medium: .medium
            case .heavy: .heavy
            }
        let generator = UIImpactFeedbackGenerator(style: feedbackStyle)
        generators[style] = generator
        return generator
    }

    @MainActor
    private static func impact(_ style: HapticStyle) {
        let generator = generator(for: style)
        generator.impactOccurred()
        generator.prepare()
    }
}
#endif
