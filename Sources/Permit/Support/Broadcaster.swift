/// Hands values to every current subscriber, reachable synchronously from any thread: the engine behind
/// Permit's named streams other than ``PermissionChanges``.
///
/// With `replaysLatest`, a new subscription first receives the latest value published, so a stream of states
/// always starts with the current one.
final class Broadcaster<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var latest: Element?
    }

    private let state: Locked<State>
    private let replaysLatest: Bool

    init(latest: Element? = nil, replaysLatest: Bool) {
        self.state = Locked(State(latest: latest))
        self.replaysLatest = replaysLatest
    }

    /// A new subscription that receives every value from now on (the latest first, when replaying).
    func subscribe() -> (AsyncStream<Element>, AsyncStream<Element>.Continuation) {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            if replaysLatest, let latest = state.latest { continuation.yield(latest) }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return (stream, continuation)
    }

    /// The latest value published, or the initial one.
    var latest: Element? { state.withLock { $0.latest } }

    /// The number of live subscriptions.
    var subscriberCount: Int { state.withLock { $0.continuations.count } }

    /// Hands `value` to every subscriber, in the order of calls.
    func publish(_ value: Element) {
        state.withLock { state in
            state.latest = value
            for continuation in state.continuations.values { continuation.yield(value) }
        }
    }

    /// Replaces the latest value when `isChange` says it differs, and publishes it; returns whether it did.
    func publish(_ value: Element, if isChange: (Element?) -> Bool) -> Bool {
        state.withLock { state in
            guard isChange(state.latest) else { return false }
            state.latest = value
            for continuation in state.continuations.values { continuation.yield(value) }
            return true
        }
    }

    deinit {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.finish() }
    }
}

/// Ends a subscription when the iterator that holds it is released, as when a `for await` loop breaks.
final class SubscriptionEnd<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) { self.continuation = continuation }

    deinit { continuation.finish() }
}
