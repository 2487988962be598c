import PermitSupport

/// Runs an operation against a deadline: its result if it comes in time, ``ServerError/storageTimedOut``
/// once the time is up, whichever comes first.
///
/// At the deadline the operation's task is cancelled and left to end in the background: a statement already
/// sent to the database cannot be taken back, and a task group would wait for it (the point is not to).
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
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                }
                let timer = Task {
                    try? await clock.sleep(for: limit)
                    guard !Task.isCancelled else { return }
                    race.finish(.failure(ServerError.storageTimedOut.withDetail("\(what) took longer than \(limit)")))
                }
                race.attach(work: work, timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The one continuation, resumed by whichever of the work, the timer and cancellation comes first; the
    /// other tasks are cancelled then.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var outcome: Result<Value, any Error>?
            var tasks: [Task<Void, Never>] = []
        }

        private let state = Locked(State())

        func start(_ continuation: CheckedContinuation<Value, any Error>) {
            let early = state.withLock { state -> Result<Value, any Error>? in
                if let outcome = state.outcome { return outcome }  // cancelled before it began
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func attach(work: Task<Void, Never>, timer: Task<Void, Never>) {
            let finished = state.withLock { state in
                state.tasks = [work, timer]
                return state.outcome != nil
            }
            if finished {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ outcome: Result<Value, any Error>) {
            let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) in
                guard state.outcome == nil else { return (nil, []) }
                state.outcome = outcome
                defer { state.continuation = nil }
                return (state.continuation, state.tasks)
            }
            for task in tasks { task.cancel() }
            continuation?.resume(with: outcome)
        }
    }
}
