import Clocks
import PermitSupport
import Testing

/// The one race of the package against work that may never end: the caller gets the work's answer, or the
/// deadline's, or its own cancellation, and never waits for work that ignores cancellation.
@Suite(.timeLimit(.minutes(1))) struct DeadlineRaceTests {
    /// Work that ends only when released, whatever cancellation says (a statement sent to a dead database).
    final class Stuck: Sendable {
        private let waiters = Locked<[CheckedContinuation<Int, Never>]>([])
        private let (began, beginning) = AsyncStream<Void>.makeStream()

        func run() async -> Int {
            await withCheckedContinuation { continuation in
                waiters.withLock { $0.append(continuation) }
                beginning.yield()
            }
        }

        func hasBegun() async { for await _ in began { return } }

        func release(with value: Int) {
            for waiter in waiters.withLock({ waiters in defer { waiters = [] }; return waiters }) {
                waiter.resume(returning: value)
            }
        }
    }

    @Test func workThatEndsInTimeGivesItsValueAndItsError() async throws {
        struct Refused: Error {}
        let clock = TestClock<Duration>()
        guard case .finished(let value) = try await DeadlineRace.run(within: .seconds(5), clock: clock, { 42 }) else {
            Issue.record("the race expired with no time passing")
            return
        }
        #expect(try value.get() == 42)
        let failed = try await DeadlineRace.run(within: .seconds(5), clock: clock) { () async throws -> Int in throw Refused() }
        guard case .finished(.failure(let error)) = failed else {
            Issue.record("expected the work's error, got \(failed)")
            return
        }
        #expect(error is Refused)
    }

    @Test func workThatIgnoresCancellationExpiresAtTheDeadlineNotBefore() async throws {
        let clock = TestClock<Duration>()
        let stuck = Stuck()
        defer { stuck.release(with: 0) }
        let race = Task { try await DeadlineRace.run(within: .seconds(5), clock: clock) { await stuck.run() } }
        await stuck.hasBegun()
        await clock.advance(by: .seconds(4))
        // A millisecond before the deadline, nothing has ended: the work is stuck and the deadline has not come.
        let ended = Locked(false)
        let watcher = Task {
            _ = try? await race.value
            ended.withLock { $0 = true }
        }
        await clock.advance(by: .milliseconds(999))
        for _ in 0..<1_000 { await Task.yield() }
        #expect(!ended.withLock { $0 })
        await clock.advance(by: .milliseconds(1))
        guard case .expired = try await race.value else {
            Issue.record("expected the deadline to end the race")
            return
        }
        await watcher.value
        // The stuck work still runs: released now, it ends on its own and changes nothing.
        stuck.release(with: 7)
    }

    @Test func aCancelledCallerReturnsAtOnceWhileTheWorkIsStuck() async {
        let stuck = Stuck()
        defer { stuck.release(with: 0) }
        let race = Task { try await DeadlineRace.run(within: .seconds(3_600)) { await stuck.run() } }
        await stuck.hasBegun()
        race.cancel()
        await #expect(throws: CancellationError.self) { try await race.value }
    }

    @Test func anExpiryThatIsCancelledNeverEndsTheRace() async throws {
        // The expiry throws at once; the work ends a moment later, and still wins.
        let outcome = try await DeadlineRace.run({ () async -> Int in
            try? await Task.sleep(for: .milliseconds(50))
            return 1
        }, until: { throw CancellationError() })
        guard case .finished(.success(1)) = outcome else {
            Issue.record("a thrown expiry ended the race: \(outcome)")
            return
        }
    }

    @Test func sharedWorkAnswersEveryWaiterAndOneWaiterGivingUpLeavesTheOthers() async throws {
        // A system check that hangs is joined by the next run: two races wait for one piece of work.
        let stuck = Stuck()
        defer { stuck.release(with: 0) }
        let work = AbandonableWork { await stuck.run() }
        await stuck.hasBegun()
        let quitter = Task { try await DeadlineRace.race(work, until: { try await Task.sleep(for: .seconds(3_600)) }) }
        let stayer = Task { try await DeadlineRace.race(work, until: { try await Task.sleep(for: .seconds(3_600)) }) }
        quitter.cancel()
        await #expect(throws: CancellationError.self) { try await quitter.value }
        stuck.release(with: 9)
        guard case .finished(.success(9)) = try await stayer.value else {
            Issue.record("the waiter that stayed did not get the work's value")
            return
        }
        // A waiter that comes after the work ended gets its value at once.
        guard case .finished(.success(9)) = try await DeadlineRace.race(work, until: { try await Task.sleep(for: .seconds(3_600)) }) else {
            Issue.record("a late waiter did not get the work's value")
            return
        }
    }

    @Test func aRaceLeavesSharedWorkRunningAndRunCancelsItsOwn() async throws {
        // Each work notes its cancellation the moment cancel() is called (the handler runs inside cancel()), so
        // what a race did to it is known when the race returns, with no waiting.
        let stuck = Stuck()
        defer { stuck.release(with: 0) }
        let shared = Locked(false), own = Locked(false)
        let sharedWork = AbandonableWork {
            await withTaskCancellationHandler { await stuck.run() } onCancel: { shared.withLock { $0 = true } }
        }
        guard case .expired = try await DeadlineRace.race(sharedWork, until: {}) else {
            Issue.record("expected the deadline to end the race")
            return
        }
        #expect(!shared.withLock { $0 }, "a race leaves shared work running: its owner decides")
        guard case .expired = try await DeadlineRace.run({
            await withTaskCancellationHandler { await stuck.run() } onCancel: { own.withLock { $0 = true } }
        }, until: {}) else {
            Issue.record("expected the deadline to end the race")
            return
        }
        #expect(own.withLock { $0 }, "run() cancels the work it started when the race ends")
        sharedWork.cancel()
        #expect(shared.withLock { $0 })
    }
}
