import PermitWeb
import Testing

/// The restart policy of the web view hosts, driven with instants and no time passing: more than five
/// terminations within sixty seconds and it gives up.
@Suite struct RestartPolicyStateMachineTests {
    @Test func fiveTerminationsWithinTheWindowAreRestartedAndTheSixthGivesUp() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        for second in 0..<5 {
            #expect(policy.terminated(at: .seconds(second * 10)) == .restart)
        }
        #expect(!policy.hasGivenUp)
        #expect(policy.terminated(at: .seconds(59)) == .giveUp(terminations: 6))
        #expect(policy.hasGivenUp)
        #expect(policy.terminated(at: .seconds(500)) == .stayDown, "giving up is for good")
    }

    @Test func terminationsOlderThanTheWindowNoLongerCount() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        for second in 0..<5 {
            #expect(policy.terminated(at: .seconds(second)) == .restart)
        }
        // The first, at 0 s, is exactly 60 s old: it has left the window.
        #expect(policy.terminated(at: .seconds(60)) == .restart)
        // 1 s to 4 s and 60 s are still in it: this is the sixth within 60 s.
        #expect(policy.terminated(at: .milliseconds(60_500)) == .giveUp(terminations: 6))
    }

    @Test func aSteadyTrickleOfTerminationsIsRestartedForever() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        for minute in 0..<100 {
            #expect(policy.terminated(at: .seconds(minute * 13)) == .restart)
        }
    }

    @Test func withRestartsOffTheBrowserStaysDownWithoutGivingUp() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: false)
        #expect(policy.terminated(at: .zero) == .stayDown)
        #expect(policy.terminated(at: .seconds(1)) == .stayDown)
        #expect(!policy.hasGivenUp)
    }

    @Test(arguments: [0, 1, 3])
    func theLimitAndWindowAreTheOnesGiven(limit: Int) {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true, limit: limit, window: .seconds(5))
        for n in 0..<limit {
            #expect(policy.terminated(at: .seconds(n)) == .restart)
        }
        #expect(policy.terminated(at: .milliseconds(4_999)) == .giveUp(terminations: limit + 1))
    }
}
