/// Races an operation that may never end against a deadline, and returns at whichever comes first without
/// waiting for the other: the one place where the package gives up on work it cannot take back.
///
/// A task group would be the structured way to race two things, but a group waits for every child before it
/// returns, and the work raced here does not end when cancelled: a statement already sent to a database, a
/// `WKHTTPCookieStore` completion that may never come, a system check stuck in a framework call. So the work and
/// the timer run in two unstructured tasks; the caller returns as soon as one of them finishes (or the caller is
/// cancelled), the other is cancelled, and work still going is left to end on its own.
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
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                // The two tasks this type exists for: neither may be awaited by the caller (see above).
                let work = Task {
                    do { race.finish(.finished(.success(try await operation()))) } catch {
                        race.finish(.finished(.failure(error)))
                    }
                }
                let timer = Task {
                    guard (try? await expiry()) != nil, !Task.isCancelled else { return }
                    race.finish(.expired)
                }
                race.attach(work, timer)
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// The one continuation, resumed by whichever of the work, the timer and cancellation comes first; the
    /// tasks still running are cancelled then.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Outcome<Value>, any Error>?
            var ending: Result<Outcome<Value>, any Error>?
            var tasks: [Task<Void, Never>] = []
        }

        private let state = Locked(State())

        func start(_ continuation: CheckedContinuation<Outcome<Value>, any Error>) {
            let early = state.withLock { state -> Result<Outcome<Value>, any Error>? in
                if let ending = state.ending { return ending }  // cancelled before it began
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func attach(_ work: Task<Void, Never>, _ timer: Task<Void, Never>) {
            let ended = state.withLock { state in
                state.tasks = [work, timer]
                return state.ending != nil
            }
            if ended {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ outcome: Outcome<Value>) { end(.success(outcome)) }

        func cancel() { end(.failure(CancellationError())) }

        private func end(_ ending: Result<Outcome<Value>, any Error>) {
            let (continuation, tasks) = state.withLock {
                state -> (CheckedContinuation<Outcome<Value>, any Error>?, [Task<Void, Never>]) in
                guard state.ending == nil else { return (nil, []) }
                state.ending = ending
                defer { state.continuation = nil }
                return (state.continuation, state.tasks)
            }
            for task in tasks { task.cancel() }
            continuation?.resume(with: ending)
        }
    }
}
