import Permit
import PermitAdapterSupport
import Testing

/// The wait of a request whose prompt a framework shows on its own, with no request call and no lifecycle
/// signal the adapter uses: Core Bluetooth shows its prompt when the app creates its first manager and then
/// calls `centralManagerDidUpdateState(_:)` (Apple, "CBManager.authorization", "centralManagerDidUpdateState(_:)";
/// a state update can come while the authorization is still not determined), and HomeKit when the app creates
/// its first `HMHomeManager`, then calls `homeManager(_:didUpdate:)` (Apple, "HMHomeManagerAuthorizationStatus":
/// `determined` once the person answered). `BluetoothAuthority` and `HomeAuthority` give each request a
/// `PromptWait` whose no-prompt window is its whole deadline: only the answer or the deadline ends it.
@Suite struct CallbackAnswerWaitTests {
    let timeout: Duration = .seconds(120)

    @Test func onlyADeterminedAnswerEndsTheWaitEarly() {
        var machine = PromptWaitStateMachine(askedAt: .seconds(5), noPromptWindow: timeout, deadline: timeout)
        #expect(machine.authorizationChanged(isAnswer: false) == .keepWaiting, "a state update before the answer")
        #expect(machine.timePassed(now: .seconds(6)) == .keepWaiting, "no resign-active is no sign of anything here")
        #expect(machine.authorizationChanged(isAnswer: true) == .finish(.answered))
    }

    @Test func withoutAnAnswerTheDeadlineEndsItAndNothingEarlier() {
        var machine = PromptWaitStateMachine(askedAt: .seconds(5), noPromptWindow: timeout, deadline: timeout)
        #expect(machine.nextWake == .seconds(125))
        #expect(machine.timePassed(now: .seconds(124)) == .keepWaiting)
        #expect(machine.timePassed(now: .seconds(125)) == .finish(.deadlinePassed))
    }

    @Test func aLaterRequestKeepsItsOwnDeadline() {
        // Before, one shared list of waiters was resumed by any request's timer: a request made 100 seconds
        // after the first ended 20 seconds later. Each request now has its own wait.
        var first = PromptWaitStateMachine(askedAt: .zero, noPromptWindow: timeout, deadline: timeout)
        var second = PromptWaitStateMachine(askedAt: .seconds(100), noPromptWindow: timeout, deadline: timeout)
        #expect(first.timePassed(now: .seconds(120)) == .finish(.deadlinePassed))
        #expect(second.timePassed(now: .seconds(120)) == .keepWaiting)
        #expect(second.timePassed(now: .seconds(220)) == .finish(.deadlinePassed))
    }
}
