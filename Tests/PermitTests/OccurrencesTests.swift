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
