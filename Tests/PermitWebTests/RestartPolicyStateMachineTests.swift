import PermitWeb
import Testing
import PermitHostSupport

/// The restart policy of the Chromium and WebKit web views, driven with instants and no time passing: more than five
/// terminations within sixty seconds and it gives up.
@Suite struct RestartPolicyStateMachineTests {
    @Test func fiveTerminationsWithinTheWindowAreRestartedAndTheSixthGivesUp() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        for second in 0..<5 {
            #expect(policy.terminated(at: .seconds(second * 10)) == .restart(after: .zero))
        }
        #expect(!policy.hasGivenUp)
        #expect(policy.terminated(at: .seconds(59)) == .giveUp(terminations: 6))
        #expect(policy.hasGivenUp)
        #expect(policy.terminated(at: .seconds(500)) == .stayDown, "giving up is for good")
    }

    @Test func terminationsOlderThanTheWindowNoLongerCount() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        for second in 0..<5 {
            #expect(policy.terminated(at: .seconds(second)) == .restart(after: .zero))
        }
        // The first, at 0 s, is exactly 60 s old: it has left the window.
        #expect(policy.terminated(at: .seconds(60)) == .restart(after: .zero))
        // 1 s to 4 s and 60 s are still in it: this is the sixth within 60 s.
        #expect(policy.terminated(at: .milliseconds(60_500)) == .giveUp(terminations: 6))
    }

    @Test func aSteadyTrickleOfTerminationsIsRestartedForever() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        for minute in 0..<100 {
            #expect(policy.terminated(at: .seconds(minute * 13)) == .restart(after: .zero))
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
            #expect(policy.terminated(at: .seconds(n)) == .restart(after: .zero))
        }
        #expect(policy.terminated(at: .milliseconds(4_999)) == .giveUp(terminations: limit + 1))
    }

    // MARK: - The WKWebView host's use

    @Test func restartsWithinTheWindowBackOff() {
        var policy = RestartPolicyStateMachine(
            restartsAfterTermination: true, limit: 5, initialDelay: .seconds(1), maximumDelay: .seconds(5))
        #expect(policy.terminated(at: .seconds(0)) == .restart(after: .seconds(1)))
        #expect(policy.terminated(at: .seconds(2)) == .restart(after: .seconds(2)))
        #expect(policy.terminated(at: .seconds(5)) == .restart(after: .seconds(4)))
        #expect(policy.terminated(at: .seconds(10)) == .restart(after: .seconds(5)), "capped")
        // Once the earlier ones have left the window, the wait is short again.
        #expect(policy.terminated(at: .seconds(200)) == .restart(after: .seconds(1)))
    }

    @Test func aTerminationInTheBackgroundWaitsForTheForeground() {
        // iOS terminates the web content of a suspended app to reclaim memory; a reload there is wasted.
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true, initialDelay: .seconds(1))
        policy.enteredBackground()
        #expect(policy.terminated(at: .seconds(1)) == .waitForForeground)
        #expect(policy.terminated(at: .seconds(2)) == .waitForForeground, "one restart, however many terminations")
        #expect(policy.enteredForeground(at: .seconds(30)) == .restart(after: .seconds(2)))
        #expect(policy.enteredForeground(at: .seconds(31)) == nil, "nothing waits any more")
    }

    @Test func comingToTheForegroundWithNothingPendingRestartsNothing() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
        policy.enteredBackground()
        #expect(policy.enteredForeground(at: .seconds(1)) == nil)
        #expect(policy.isInForeground)
    }

    @Test func aPageThatKeepsDyingInTheBackgroundStillGivesUp() {
        var policy = RestartPolicyStateMachine(restartsAfterTermination: true, limit: 2)
        policy.enteredBackground()
        #expect(policy.terminated(at: .seconds(1)) == .waitForForeground)
        #expect(policy.terminated(at: .seconds(2)) == .waitForForeground)
        #expect(policy.terminated(at: .seconds(3)) == .giveUp(terminations: 3))
        #expect(policy.enteredForeground(at: .seconds(4)) == nil)
    }
}
