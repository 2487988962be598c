import Clocks
import PermitServer
import PermitSupport
import Testing

/// The deadline every database call of the server runs under: an answer in time passes through, an operation
/// that never answers (and ignores cancellation, as a statement sent to a dead connection does) fails at the
/// deadline instead of holding its caller.
@Suite struct DeadlineTests {
    /// An operation that returns only when ``release()`` is called, whatever cancellation says.
    final class Stuck: Sendable {
        private let waiters = Locked<[CheckedContinuation<Void, Never>]>([])
        private let started = Locked(false)

        var hasStarted: Bool { started.withLock { $0 } }

        func wait() async {
            await withCheckedContinuation { continuation in
                waiters.withLock { $0.append(continuation) }
                started.withLock { $0 = true }
            }
        }

        func release() {
            for waiter in waiters.withLock({ waiters in defer { waiters = [] }; return waiters }) { waiter.resume() }
        }
    }

    @Test func anAnswerInTimePassesThrough() async throws {
        let clock = TestClock()
        let value = try await Deadline.run(within: .seconds(5), clock: clock, "a statement") { 42 }
        #expect(value == 42)
    }

    @Test func anOperationThatNeverAnswersFailsAtTheDeadline() async throws {
        let clock = TestClock()
        let stuck = Stuck()
        let call = Task {
            try await Deadline.run(within: .seconds(5), clock: clock, "a transaction") {
                await stuck.wait()
                return 1
            }
        }
        defer { stuck.release() }
        while !stuck.hasStarted { await Task.yield() }
        // The clock moves a second at a time (the deadline's timer may start sleeping a moment after the
        // operation): no answer ever comes, and the call fails once five seconds have passed on the clock.
        let finished = Locked(false)
        let waiter = Task {
            let result = await call.result
            finished.withLock { $0 = true }
            return result
        }
        var seconds = 0
        while !finished.withLock({ $0 }), seconds < 1_000 {
            await clock.advance(by: .seconds(1))
            seconds += 1
            await Task.yield()
        }
        #expect(seconds >= 5)
        await #expect(throws: ServerError.storageTimedOut) { try await waiter.value.get() }
    }

    @Test func theOperationsErrorIsThrown() async throws {
        let clock = TestClock()
        await #expect(throws: ServerError.storageUnavailable) {
            try await Deadline.run(within: .seconds(5), clock: clock, "a statement") { () async throws -> Int in
                throw ServerError.storageUnavailable
            }
        }
    }
}
