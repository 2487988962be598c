import Foundation

/// The page loads being waited for and the last ones that finished, by loader identifier.
///
/// A class with a lock rather than actor state, so that a cancelled wait ends at once, from its cancellation
/// handler, without a task to reach the actor.
final class PageLoads: @unchecked Sendable {
    // @unchecked: `waiters` and `finished` are only touched while holding `lock`.

    /// How many finished loads are remembered, for a wait that starts after its load finished.
    private static let remembered = 16

    /// Guards the two properties below.
    private let lock = NSLock()
    /// The continuation of each wait, by loader.
    private var waiters: [String: CheckedContinuation<Void, any Error>] = [:]
    /// The last loaders that fired `load`, oldest first.
    private var finished: [String] = []

    // MARK: - Waiting

    /// Returns once the document of `loader` fired its `load` event (at once if it already did).
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled, or the error given to ``failAll(_:)``.
    func wait(for loader: String) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if finished.contains(loader) { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    waiters[loader] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: loader) }?.resume(throwing: CancellationError())
        }
    }

    // MARK: - Outcomes

    /// The document of `loader` fired its `load` event.
    func finish(_ loader: String) {
        let waiter: CheckedContinuation<Void, any Error>? = lock.withLock {
            finished.append(loader)
            if finished.count > Self.remembered { finished.removeFirst() }
            return waiters.removeValue(forKey: loader)
        }
        waiter?.resume()
    }

    /// Ends every wait with `error`: the browser went away or the web view closed.
    func failAll(_ error: any Error) {
        let failed: [CheckedContinuation<Void, any Error>] = lock.withLock {
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in failed { waiter.resume(throwing: error) }
    }
}
