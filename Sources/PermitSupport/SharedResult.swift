/// A result that one task produces and any number of other tasks wait for, each free to give up on it: the
/// waiting half of single-flight work that runs in the task of the caller that started it (`SystemStatus`'s
/// shared run of the checks) or in a task of its own (``AbandonableWork``). The waiting is a ``Signal``'s.
///
/// For example, in an actor whose first caller runs the work and later callers join it:
///
/// ```swift
/// if let running { return try await running.result().get() }
/// let run = SharedResult<Report>()
/// running = run
/// defer { running = nil }
/// do {
///     let report = try await makeReport()
///     run.set(.success(report))
///     return report
/// } catch {
///     run.set(.failure(error))
///     throw error
/// }
/// ```
package final class SharedResult<Value: Sendable>: Sendable {
    private let value = Locked<Result<Value, any Error>?>(nil)
    private let ready = Signal()

    /// A result not set yet.
    package init() {}

    /// Sets the result and wakes every waiter; a result set before stays, and this one is dropped.
    package func set(_ result: Result<Value, any Error>) {
        let isFirst = value.withLock { value in
            guard value == nil else { return false }
            value = result
            return true
        }
        if isFirst { ready.fire() }
    }

    /// How many tasks wait for the result now: for tests that must know a caller joined.
    package var waiterCount: Int { ready.waiterCount }

    /// The result once it is set; throws `CancellationError` at once when the waiting task is cancelled, which
    /// leaves the work and every other waiter to go on.
    package func result() async throws -> Result<Value, any Error> {
        guard await ready.wait(), let result = value.withLock({ $0 }) else { throw CancellationError() }
        return result
    }
}
