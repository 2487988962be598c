import Clocks
import PermitSupport
import Testing

/// What replaces a sleep-and-look-again loop: a wait for the next occurrence of an event, with a deadline, that
/// misses no occurrence between the caller's check and its wait.
@Suite(.timeLimit(.minutes(1))) struct OccurrencesTests {
    @Test func anOccurrenceSinceTheCallersCheckEndsTheWaitAtOnce() async {
        let occurrences = Occurrences()
        let seen = occurrences.count
        occurrences.happened()
        // A deadline already past: only the occurrence can make this true.
        #expect(await occurrences.next(after: seen, before: .now))
        #expect(occurrences.count == seen + 1)
    }

    @Test func anOccurrenceDuringTheWaitEndsIt() async {
        let occurrences = Occurrences()
        let seen = occurrences.count
        let waiting = Task { await occurrences.next(after: seen, before: .now + .seconds(30)) }
        let started = ContinuousClock.now
        try? await Task.sleep(for: .milliseconds(20))
        occurrences.happened()
        #expect(await waiting.value)
        #expect(ContinuousClock.now - started < .seconds(20), "the wait ended at its deadline, not at the occurrence")
    }

    @Test func withNoOccurrenceTheWaitEndsAtTheDeadline() async {
        let occurrences = Occurrences()
        let started = ContinuousClock.now
        #expect(await occurrences.next(after: occurrences.count, before: started + .milliseconds(100)) == false)
        #expect(ContinuousClock.now - started >= .milliseconds(100))
    }

    @Test func aCancelledWaitEndsWithFalse() async {
        let occurrences = Occurrences()
        let waiting = Task { await occurrences.next(after: 0, before: .now + .seconds(30)) }
        try? await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        #expect(await waiting.value == false)
        // A later occurrence finds no waiter left, and counts.
        occurrences.happened()
        #expect(occurrences.count == 1)
    }
}

/// A one-time event: an ``Occurrences`` that counts to one, waited for without a task of its own.
@Suite(.timeLimit(.minutes(1))) struct SignalTests {
    @Test func firingWakesEveryWaiterAndEveryLaterWaitReturnsAtOnce() async {
        let signal = Signal()
        let waiters = (0..<3).map { _ in Task { await signal.wait() } }
        #expect(await yield(until: { signal.waiterCount == 3 }))
        #expect(!signal.isFired)
        signal.fire()
        signal.fire()  // a second fire changes nothing
        for waiter in waiters { #expect(await waiter.value) }
        #expect(signal.isFired)
        #expect(await signal.wait())
    }

    @Test func aCancelledWaitReturnsFalseWithoutTheSignal() async {
        let signal = Signal()
        let waiting = Task { await signal.wait() }
        #expect(await yield(until: { signal.waiterCount == 1 }))
        waiting.cancel()
        #expect(await waiting.value == false)
        #expect(!signal.isFired && signal.waiterCount == 0)
    }

    @Test func aWaitUpToADurationEndsOnTheInjectedClock() async {
        let clock = TestClock<Duration>()
        let signal = Signal()
        let waiting = Task { await signal.wait(upTo: .seconds(5), on: clock) }
        await clock.advance(by: .seconds(4))
        signal.fire()
        #expect(await waiting.value)

        let unanswered = Signal()
        let ended = Locked(false)
        let expiring = Task {
            defer { ended.withLock { $0 = true } }
            return await unanswered.wait(upTo: .seconds(5), on: clock)
        }
        // Advanced in steps of five seconds until the sleep, once in place, has had its five; a bounded number of
        // steps, far less than five real seconds, so that a wait on the real clock would fail here.
        for _ in 0..<1_000 where !ended.withLock({ $0 }) {
            await clock.advance(by: .seconds(5))
            await Task.yield()
        }
        #expect(ended.withLock { $0 }, "the wait did not end on the test clock")
        #expect(await expiring.value == false)
    }
}
