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
}
