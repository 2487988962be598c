/// A result that one task produces and any number of other tasks wait for, each free to give up on it: the
/// waiting half of single-flight work that runs in the task of the caller that started it (`SystemStatus`'s
/// shared run of the checks) or in a task of its own (``AbandonableWork``).
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
    private struct State {
        var result: Result<Value, any Error>?
        var waiters: [Int: CheckedContinuation<Result<Value, any Error>, any Error>] = [:]
        var nextWaiter = 0
    }

    private let state = Locked(State())

    /// A result not set yet.
    package init() {}

    /// Sets the result and wakes every waiter; a result set before stays, and this one is dropped.
    package func set(_ result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Result<Value, any Error>, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// How many tasks wait for the result now: for tests that must know a caller joined.
    package var waiterCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// The result once it is set; throws `CancellationError` at once when the waiting task is cancelled, which
    /// leaves the work and every other waiter to go on.
    package func result() async throws -> Result<Value, any Error> {
        let waiter = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Result<Value, any Error>, any Error>? in
                    if let result = state.result { return .success(result) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters[waiter] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiters.removeValue(forKey: waiter) }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
