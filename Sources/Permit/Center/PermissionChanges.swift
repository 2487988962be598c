/// The changes a ``PermissionCenter`` sees, as an asynchronous sequence.
///
/// A sequence receives every change from the moment ``PermissionCenter/changes()`` was called, in the
/// order the center recorded them, with nothing dropped; iterate it once. When the consuming task is
/// cancelled or stops iterating (its iterator is released), the subscription ends and the center stops
/// buffering for it. The sequence finishes when the center is released.
///
/// For example:
///
/// ```swift
/// let changes = center.changes()
/// for await change in changes where change.kind == .location {
///     updateLocationButton(enabled: change.current.isUsable)
/// }
/// ```
public struct PermissionChanges: AsyncSequence, Sendable {
    /// The sequence's element: one change.
    public typealias Element = PermissionChange
    /// The sequence never throws.
    public typealias Failure = Never

    private let stream: AsyncStream<PermissionChange>
    private let continuation: AsyncStream<PermissionChange>.Continuation

    init(_ stream: AsyncStream<PermissionChange>, _ continuation: AsyncStream<PermissionChange>.Continuation) {
        self.stream = stream
        self.continuation = continuation
    }

    /// Creates the iterator that receives the changes; releasing it ends the subscription.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), token: IterationToken(continuation))
    }

    /// The iterator of ``PermissionChanges``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<PermissionChange>.AsyncIterator
        let token: IterationToken

        /// The next change, or `nil` when the subscription has ended.
        public mutating func next() async -> PermissionChange? { await base.next() }
    }
}

/// Ends a subscription when the iterator that holds it is released, as when a `for await` loop breaks.
final class IterationToken: Sendable {
    private let continuation: AsyncStream<PermissionChange>.Continuation

    init(_ continuation: AsyncStream<PermissionChange>.Continuation) { self.continuation = continuation }

    deinit { continuation.finish() }
}

/// Hands every change to every current subscriber, reachable synchronously from any thread.
final class ChangeBroadcaster: Sendable {
    private struct Subscribers {
        var nextID = 0
        var continuations: [Int: AsyncStream<PermissionChange>.Continuation] = [:]
    }

    private let subscribers = Locked(Subscribers())

    /// A new subscription that receives every change from now on.
    func subscribe() -> PermissionChanges {
        let (stream, continuation) = AsyncStream.makeStream(of: PermissionChange.self)
        let id = subscribers.withLock { subscribers in
            defer { subscribers.nextID += 1 }
            subscribers.continuations[subscribers.nextID] = continuation
            return subscribers.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return PermissionChanges(stream, continuation)
    }

    /// The number of live subscriptions.
    var subscriberCount: Int { subscribers.withLock { $0.continuations.count } }

    func publish(_ changes: [PermissionChange]) {
        guard !changes.isEmpty else { return }
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations {
            for change in changes { continuation.yield(change) }
        }
    }

    deinit {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.finish() }
    }
}
