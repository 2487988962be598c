/// Races an operation that may never end against a deadline, and returns at whichever comes first without
/// waiting for the other: the one place where the package gives up on work it cannot take back.
///
/// A task group is the structured way to race two things, but a group waits for every child before it returns,
/// and the work raced here does not end when cancelled: a statement already sent to a database, a
/// `WKHTTPCookieStore` completion that may never come, a system check stuck in a framework call. So the work runs
/// in an unstructured task that nothing waits for, and the group races the timer against a child that waits for
/// the work's result and gives up on it when cancelled. The caller returns as soon as one of them finishes (or
/// the caller is cancelled), the work is cancelled, and work still going is left to end on its own.
///
/// Each caller maps ``Outcome/expired`` to its own error (`ServerError.storageTimedOut`,
/// `WebViewDeadline.Exceeded`, a check's timed-out finding).
///
/// For example:
///
/// ```swift
/// switch try await DeadlineRace.run(within: .seconds(5)) { try await statement.execute() } {
/// case .finished(let result): return try result.get()
/// case .expired: throw StorageError.timedOut
/// }
/// ```
package enum DeadlineRace {
    /// How a race ended.
    package enum Outcome<Value: Sendable>: Sendable {
        /// The work ended first, with this value or error.
        case finished(Result<Value, any Error>)
        /// The deadline came first; the work was cancelled and may still be running.
        case expired
    }

    /// Runs `operation` until `limit` has passed on `clock`, measured from this call (however late the timer's
    /// task starts). A deadline already reached is not slept for: some test clocks suspend a sleep until their
    /// own instant.
    ///
    /// - Throws: `CancellationError` at once when the calling task is cancelled; the work is cancelled then.
    package static func run<Value: Sendable, C: Clock<Duration>>(
        within limit: Duration, clock: C = ContinuousClock(), _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Outcome<Value> {
        let deadline = clock.now.advanced(by: limit)
        return try await run(operation) {
            if clock.now < deadline { try await clock.sleep(until: deadline, tolerance: nil) }
        }
    }

    /// Runs `operation` until `expiry` returns; an `expiry` that throws (it is cancelled when the work ends)
    /// never ends the race.
    ///
    /// - Throws: `CancellationError` at once when the calling task is cancelled; the work is cancelled then.
    package static func run<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value,
        until expiry: @escaping @Sendable () async throws -> Void
    ) async throws -> Outcome<Value> {
        let work = AbandonableWork(operation)
        defer { work.cancel() }
        return try await race(work, until: expiry)
    }

    /// Waits for `work` until `expiry` returns, and leaves the work running (it is not cancelled here: it
    /// may be shared, as a system check that hangs is joined by the next run).
    ///
    /// - Throws: `CancellationError` at once when the calling task is cancelled.
    package static func race<Value: Sendable>(
        _ work: AbandonableWork<Value>, until expiry: @escaping @Sendable () async throws -> Void
    ) async throws -> Outcome<Value> {
        try await withThrowingTaskGroup(of: Outcome<Value>?.self) { group in
            group.addTask { .finished(try await work.result()) }
            group.addTask { (try? await expiry()) != nil && !Task.isCancelled ? .expired : nil }
            // Only the waiting child throws, and only when the caller is cancelled.
            while let outcome = try await group.next() {
                guard let outcome else { continue }  // the expiry threw: the work may still win
                group.cancelAll()
                return outcome
            }
            throw CancellationError()
        }
    }
}

/// Work that may not end when cancelled, running in a task of its own, whose result any number of waiters
/// can wait for and give up on (``DeadlineRace``).
package final class AbandonableWork<Value: Sendable>: Sendable {
    private let shared = SharedResult<Value>()
    private let task: Task<Void, Never>

    /// Starts `operation` at once.
    package init(_ operation: @escaping @Sendable () async throws -> Value) {
        let shared = shared
        // Task: the work may not end when cancelled (see DeadlineRace), so nothing structured may wait for it.
        task = Task {
            do { shared.set(.success(try await operation())) } catch { shared.set(.failure(error)) }
        }
    }

    /// Cancels the work; it may still run on and end later.
    package func cancel() {
        task.cancel()
    }

    /// The work's result once it has one; throws `CancellationError` at once when the waiting task is
    /// cancelled, leaving the work (and every other waiter) to go on.
    package func result() async throws -> Result<Value, any Error> {
        try await shared.result()
    }
}
