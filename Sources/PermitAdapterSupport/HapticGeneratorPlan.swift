package import Permit

/// Which feedback generator calls one haptic impact takes: when a generator is made, and when it is prepared.
///
/// UIKit's feedback generators play with less latency when prepared, and the Taptic Engine stays prepared only
/// "for a short period of time", returning to idle once feedback is triggered or the generator is deallocated;
/// preparing and then triggering at once "does not improve latency" (Apple, "prepare()", `UIFeedbackGenerator`).
/// So the player keeps one generator per style for the process (a generator made per impact would be released
/// and idle), plays at once on a new one without a useless `prepare()` first, and prepares after every impact,
/// for the next one a page plays within seconds. An app that expects a haptic soon prepares ahead; a generator
/// is made for that too.
///
/// `ImpactHaptics` in `PermitUIKit` carries out the steps with `UIImpactFeedbackGenerator`.
///
/// For example:
///
/// ```swift
/// var plan = HapticGeneratorPlan()
/// plan.play(.medium)   // [.makeGenerator(.medium), .impact(.medium), .prepare(.medium)]
/// plan.play(.medium)   // [.impact(.medium), .prepare(.medium)]
/// ```
package struct HapticGeneratorPlan: Sendable {
    /// One call on a style's generator.
    package enum Step: Hashable, Sendable {
        /// Make the style's generator and keep it.
        case makeGenerator(HapticStyle)
        /// Trigger the impact (`impactOccurred()`).
        case impact(HapticStyle)
        /// Prepare the generator (`prepare()`).
        case prepare(HapticStyle)
    }

    private var made: Set<HapticStyle> = []

    /// Creates a plan with no generator made.
    package init() {}

    /// The steps of one impact of `style`.
    package mutating func play(_ style: HapticStyle) -> [Step] {
        makeIfNeeded(style) + [.impact(style), .prepare(style)]
    }

    /// The steps that make `style`'s next impact play with less latency.
    package mutating func prepare(_ style: HapticStyle) -> [Step] {
        makeIfNeeded(style) + [.prepare(style)]
    }

    private mutating func makeIfNeeded(_ style: HapticStyle) -> [Step] {
        made.insert(style).inserted ? [.makeGenerator(style)] : []
    }
}
