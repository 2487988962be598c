#if canImport(UIKit)
public import Permit
import UIKit
import PermitAdapterSupport

/// The `HapticFeedbackPlayer` the bridge's `hapticFeedback(style)` uses, over `UIImpactFeedbackGenerator`.
///
/// Each style plays the impact of the same name (light, medium, heavy). Devices without a haptic engine play
/// nothing, as UIKit does.
///
/// One generator per style is kept for the process and prepared after each impact, as `HapticGeneratorPlan`
/// (tested on Linux) decides: the Taptic Engine plays with less latency when prepared, and returns to idle after
/// each impact (Apple, "prepare()", `UIFeedbackGenerator`). An app about to ask for haptics (a page that shows a
/// game, say) can call ``prepare(_:)`` first.
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
        await Self.carryOut { $0.play(style) }
    }

    /// Wakes the Taptic Engine for an impact of `style` expected within the next seconds.
    public func prepare(_ style: HapticStyle) async {
        await Self.carryOut { $0.prepare(style) }
    }

    /// Which generators exist, and what each call does to them.
    @MainActor private static var plan = HapticGeneratorPlan()
    /// The generators made so far, one per style.
    @MainActor private static var generators: [HapticStyle: UIImpactFeedbackGenerator] = [:]

    /// Carries out the steps `HapticGeneratorPlan` gives for one call.
    @MainActor
    private static func carryOut(_ steps: (inout HapticGeneratorPlan) -> [HapticGeneratorPlan.Step]) {
        for step in steps(&plan) {
            switch step {
            case .makeGenerator(let style):
                generators[style] = UIImpactFeedbackGenerator(style: feedbackStyle(style))
            case .impact(let style):
                generators[style]?.impactOccurred()
            case .prepare(let style):
                generators[style]?.prepare()
            }
        }
    }

    /// UIKit's style of the same name.
    private static func feedbackStyle(_ style: HapticStyle) -> UIImpactFeedbackGenerator.FeedbackStyle {
        switch style {
        case .light: .light
        case .medium: .medium
        case .heavy: .heavy
        }
    }
}
#endif
