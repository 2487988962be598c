import PermitSupport

/// Runs an operation against a deadline: its result if it comes in time, ``ServerError/storageTimedOut``
/// once the time is up, whichever comes first.
///
/// At the deadline the operation's task is cancelled and left to end in the background (``DeadlineRace``): a
/// statement already sent to the database cannot be taken back, and a task group would wait for it.
/// A write that ends after its deadline may still commit; what the caller promised nobody (a 503 acknowledges
/// nothing) stays true.
package enum Deadline {
    /// Returns what `operation` returns, or throws ``ServerError/storageTimedOut`` (detail: `what` and the limit)
    /// when it has not returned within `limit`. Cancelling the caller cancels the operation and throws
    /// `CancellationError` at once.
    ///
    /// `clock` measures the limit: the live `ContinuousClock` by default, a test clock in tests.
    package static func run<Value: Sendable, C: Clock<Duration>>(
        within limit: Duration, clock: C = ContinuousClock(), _ what: String,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        switch try await DeadlineRace.run(within: limit, clock: clock, operation) {
        case .finished(let result): return try result.get()
        case .expired: throw ServerError.storageTimedOut.withDetail("\(what) took longer than \(limit)")
        }
    }
}
