import PermitWeb
import Testing
import PermitAdapterSupport
import PermitHostSupport

/// How `ImpactHaptics` uses UIKit's feedback generators, modelled on Apple's "prepare()" (`UIFeedbackGenerator`):
/// a prepared generator plays with lower latency; the Taptic Engine returns to idle after feedback is triggered,
/// after "a short period of time (typically seconds)", or when the generator is deallocated; and preparing
/// immediately before triggering "does not improve latency".
@Suite struct HapticGeneratorPlanTests {
    @Test func theFirstImpactMakesTheGeneratorAndPlaysWithoutAUselessPrepareFirst() {
        var plan = HapticGeneratorPlan()
        #expect(plan.play(.heavy) == [.makeGenerator(.heavy), .impact(.heavy), .prepare(.heavy)])
    }

    @Test func aGeneratorIsKeptAndPreparedAgainAfterEveryImpact() {
        var plan = HapticGeneratorPlan()
        _ = plan.play(.light)
        // Triggering returned the engine to idle: prepare again for the next impact.
        #expect(plan.play(.light) == [.impact(.light), .prepare(.light)])
        #expect(plan.play(.light) == [.impact(.light), .prepare(.light)])
    }

    @Test(arguments: HapticStyle.allCases)
    func eachStyleHasItsOwnGenerator(style: HapticStyle) {
        var plan = HapticGeneratorPlan()
        for other in HapticStyle.allCases where other != style { _ = plan.play(other) }
        #expect(plan.play(style).first == .makeGenerator(style))
    }

    @Test func preparingAheadMakesTheGeneratorOnceAndThenOnlyPrepares() {
        var plan = HapticGeneratorPlan()
        #expect(plan.prepare(.medium) == [.makeGenerator(.medium), .prepare(.medium)])
        #expect(plan.prepare(.medium) == [.prepare(.medium)])
        #expect(plan.play(.medium) == [.impact(.medium), .prepare(.medium)], "the prepared generator plays")
    }
}
