import Clocks
import Permit
import PermitAdapterSupport
import PermitTesting
import Testing
import PermitSupport

/// A location authorization request always completes. CoreLocation reports the answer only through
/// `locationManagerDidChangeAuthorization(_:)`, and Apple documents cases with no prompt and no callback: the
/// purpose string missing, the app not in the foreground, a request not the first of its kind
/// ("Requesting authorization to use location services"; `requestAlwaysAuthorization()`: "the system shows the
/// prompt only once"). Waiting for the callback alone, the request, and every request that joins it, hangs.
@Suite(.timeLimit(.minutes(1))) struct PromptWaitStateMachineTests {
    @Test func aDeterminedAnswerFinishesAtOnce() {
        var machine = PromptWaitStateMachine(askedAt: .seconds(10))
        #expect(machine.appResignedActive() == .keepWaiting)
        #expect(machine.authorizationChanged(isAnswer: true) == .finish(.answered))
        #expect(machine.isFinished)
        #expect(machine.nextWake == nil)
    }

    @Test func theNotDeterminedReportOfANewManagerDoesNotFinish() {
        var machine = PromptWaitStateMachine(askedAt: .zero)
        #expect(machine.authorizationChanged(isAnswer: false) == .keepWaiting)
        #expect(!machine.isFinished)
    }

    @Test func noResignActiveWithinTheWindowMeansNoPromptWasShown() {
        // The purpose key is missing: iOS logs a message, shows nothing and calls no delegate.
        var machine = PromptWaitStateMachine(askedAt: .seconds(5), noPromptWindow: .seconds(1))
        #expect(machine.nextWake == .seconds(6))
        #expect(machine.timePassed(now: .milliseconds(5_999)) == .keepWaiting)
        #expect(machine.timePassed(now: .seconds(6)) == .finish(.noPromptShown))
    }

    @Test func aPromptOnScreenIsWaitedForPastTheWindow() {
        var machine = PromptWaitStateMachine(askedAt: .zero, noPromptWindow: .seconds(1), deadline: .seconds(120))
        _ = machine.appResignedActive()
        #expect(machine.nextWake == .seconds(120))
        #expect(machine.timePassed(now: .seconds(30)) == .keepWaiting, "the person is still reading the prompt")
    }

    @Test func becomingActiveAgainWithoutAnAnswerFinishesAfterAGraceWindow() {
        var machine = PromptWaitStateMachine(askedAt: .zero, noPromptWindow: .seconds(1))
        _ = machine.appResignedActive()
        // The prompt is gone; the callback may still be on its way.
        #expect(machine.appBecameActive(now: .seconds(8)) == .keepWaiting)
        #expect(machine.nextWake == .seconds(9))
        #expect(machine.timePassed(now: .seconds(9)) == .finish(.promptDismissed))
    }

    @Test func theCallbackAfterBecomingActiveIsStillAnAnswer() {
        var machine = PromptWaitStateMachine(askedAt: .zero)
        _ = machine.appResignedActive()
        _ = machine.appBecameActive(now: .seconds(3))
        #expect(machine.authorizationChanged(isAnswer: true) == .finish(.answered))
    }

    @Test func becomingActiveWithoutHavingResignedIsNoSignOfAPrompt() {
        var machine = PromptWaitStateMachine(askedAt: .zero, noPromptWindow: .seconds(1))
        #expect(machine.appBecameActive(now: .milliseconds(100)) == .keepWaiting)
        #expect(machine.nextWake == .seconds(1))
    }

    @Test func theDeadlineEndsEveryWait() {
        var machine = PromptWaitStateMachine(askedAt: .seconds(1), noPromptWindow: .seconds(1), deadline: .seconds(60))
        _ = machine.appResignedActive()  // the person left the app with the prompt up
        #expect(machine.timePassed(now: .seconds(61)) == .finish(.deadlinePassed))
        #expect(machine.timePassed(now: .seconds(62)) == .keepWaiting, "finished once")
        #expect(machine.authorizationChanged(isAnswer: true) == .keepWaiting)
    }
}

/// The same waits, driven by `PromptWait` on a test clock: the request returns with no callback at all.
@Suite(.timeLimit(.minutes(1))) struct PromptWaitTests {
    @Test func withNoPromptAndNoCallbackTheWaitEndsAfterTheWindow() async {
        let clock = TestClock<Duration>()
        let wait = PromptWait(noPromptWindow: .seconds(1), clock: clock)
        let finished = Task { await wait.finish() }
        await clock.advance(by: .milliseconds(999))
        await clock.advance(by: .milliseconds(1))
        #expect(await finished.value == .noPromptShown)
    }

    @Test func aPromptLeftOnScreenEndsAtTheDeadline() async {
        let clock = TestClock<Duration>()
        let wait = PromptWait(noPromptWindow: .seconds(1), deadline: .seconds(60), clock: clock)
        wait.appResignedActive()
        let finished = Task { await wait.finish() }
        await clock.advance(by: .seconds(59))
        await clock.advance(by: .seconds(1))
        #expect(await finished.value == .deadlinePassed)
    }

    @Test func theCallbackEndsTheWaitWithoutTimePassing() async {
        let clock = TestClock<Duration>()
        let wait = PromptWait(clock: clock)
        let finished = Task { await wait.finish() }
        wait.appResignedActive()
        wait.authorizationChanged(isAnswer: true)
        #expect(await finished.value == .answered)
    }

    @Test func aDismissedPromptEndsTheWaitAfterTheGraceWindow() async {
        let clock = TestClock<Duration>()
        let wait = PromptWait(noPromptWindow: .seconds(1), clock: clock)
        wait.appResignedActive()
        await clock.advance(by: .seconds(5))
        wait.appBecameActive()
        let finished = Task { await wait.finish() }
        await clock.advance(by: .seconds(1))
        #expect(await finished.value == .promptDismissed)
    }
}

/// The center's requests complete when the OS shows no prompt and never calls back: an authority that waits
/// through `PromptWait`, as the location adapter does, returns, and a second request that joined the first
/// returns with it.
@Suite(.timeLimit(.minutes(1))) struct SilentPromptCenterTests {
    /// An OS that accepts the request and then says nothing, like CoreLocation without the purpose key.
    final class SilentLocationOS: PermissionAuthority {
        let clock: TestClock<Duration>
        let requests = Locked(0)
        init(clock: TestClock<Duration>) { self.clock = clock }

        func status(of kind: PermissionKind) async -> PermissionStatus { .notDetermined }
        func request(_ kind: PermissionKind) async throws -> PermissionStatus {
            let wait = PromptWait(noPromptWindow: .seconds(1), clock: clock)
            requests.withLock { $0 += 1 }
            _ = await wait.finish()
            return await status(of: kind)
        }
    }

    @Test func concurrentRequestsForASilentPromptBothComplete() async throws {
        let clock = TestClock<Duration>()
        let os = SilentLocationOS(clock: clock)
        let center = PermissionCenter(
            kinds: [.location], authority: os,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: makeTestLogger().0),
            logger: makeTestLogger().0)
        await center.start()
        let done = Locked(false)
        let both = Task {
            async let first = center.request(.location)
            async let second = center.request(.location)
            defer { done.withLock { $0 = true } }
            return try await [first.status, second.status]
        }
        // Time passes, and nothing else happens: no callback, no lifecycle event.
        for _ in 0..<1_000 where !done.withLock({ $0 }) {
            await clock.advance(by: .milliseconds(100))
            await Task.yield()
        }
        #expect(try await both.value == [.notDetermined, .notDetermined])
        #expect((1...2).contains(os.requests.withLock { $0 }))
    }
}
