import Clocks
import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitTesting

/// A logger whose entries a test can read back.
func makeTestLogger(level: Logger.Level = .trace) -> (Logger, InMemoryLogHandler) {
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "permit.tests", factory: { _ in handler })
    logger.logLevel = level
    return (logger, handler)
}

/// A wall clock that starts at a fixed date and moves one second each time it is read.
final class SteppingDates: Sendable {
    private let counter = Counter()
    let origin = Date(timeIntervalSince1970: 1_763_778_000)

    var provider: @Sendable () -> Date {
        { [counter, origin] in origin.addingTimeInterval(Double(counter.next())) }
    }

    private final class Counter: @unchecked Sendable {  // guarded by `lock`
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

/// Gives other tasks a chance to run, a bounded number of times, until `condition` holds.
func yield(until condition: () async -> Bool, attempts: Int = 10_000) async -> Bool {
    for _ in 0..<attempts {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}

/// Collects values handed over from `@Sendable` closures.
actor Collector<Value: Sendable> {
    private(set) var values: [Value] = []
    func append(_ value: Value) { values.append(value) }
}

/// Waits, a bounded number of times, until a task sleeps on `clock`: advancing the clock before that would
/// move time past a sleep that has not started yet.
func sleepIsPending(on clock: TestClock<Duration>, attempts: Int = 10_000) async -> Bool {
    await yield(until: {
        do {
            try await clock.checkSuspension()
            return false
        } catch {
            return true
        }
    }, attempts: attempts)
}

/// Runs `body` with a task group for the long-lived components it runs (`group.addTask { await gates.run() }`), as
/// an app composes them, then cancels them and returns once every `run()` has returned.
func withRunGroup<Result: Sendable>(
    _ body: (inout ThrowingDiscardingTaskGroup<any Error>) async throws -> Result
) async throws -> Result {
    try await withThrowingDiscardingTaskGroup(returning: Result.self) { group in
        let result = try await body(&group)
        group.cancelAll()
        return result
    }
}
