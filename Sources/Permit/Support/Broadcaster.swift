/// Hands values to every current subscriber, reachable synchronously from any thread: the engine behind
/// every one of Permit's named streams.
///
/// A broadcaster may retain values for new subscriptions: with a `retain` rule, each published value is kept
/// under a key (replacing the one kept under the same key), and a new subscription first receives every
/// value kept, in the order their keys were first seen. A stream of one state keeps one value under one key;
/// a stream of many things' states keeps one per thing; a stream of events keeps none.
package final class Broadcaster<Element: Sendable>: Sendable {
    /// What a published value leaves behind for later subscriptions: its key and the value to replay, or
    /// `nil` to keep nothing.
    package typealias Retain = @Sendable (Element) -> (key: AnyHashable, replay: Element)?

    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var retainedKeys: [AnyHashable] = []
        var retained: [AnyHashable: Element] = [:]
        var onLastSubscriptionEnd: (@Sendable () -> Void)?

        mutating func retain(_ value: Element, by rule: Retain?) {
            guard let (key, replay) = rule?(value) else { return }
            if retained.updateValue(replay, forKey: key) == nil { retainedKeys.append(key) }
        }
    }

    private let state: Locked<State>
    private let retain: Retain?

    /// Creates a broadcaster that keeps what `retain` says for new subscriptions (nothing when `nil`),
    /// starting with `initial`.
    package init(initial: [Element] = [], retain: Retain?) {
        var state = State()
        for value in initial { state.retain(value, by: retain) }
        self.state = Locked(state)
        self.retain = retain
    }

    /// Creates a broadcaster of one state: a new subscription starts with the latest value.
    static func latestValue(_ initial: Element?) -> Broadcaster {
        Broadcaster(initial: initial.map { [$0] } ?? [], retain: { (key: AnyHashable(0), replay: $0) })
    }

    /// A new subscription that receives every value kept (see ``init(initial:retain:)``), then every value
    /// published from now on.
    package func subscribe() -> UpdateStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            for key in state.retainedKeys { if let value = state.retained[key] { continuation.yield(value) } }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in self?.end(id) }
        return UpdateStream(stream: stream, continuation: continuation)
    }

    /// The value kept last, or the initial one: for a broadcaster of one state, that state.
    var latest: Element? { state.withLock { state in state.retainedKeys.last.flatMap { state.retained[$0] } } }

    /// The number of live subscriptions.
    var subscriberCount: Int { state.withLock { $0.continuations.count } }

    /// Calls `action`, from the ending subscription's thread, each time the number of live subscriptions
    /// drops to zero.
    func onLastSubscriptionEnd(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onLastSubscriptionEnd = action }
    }

    /// Hands `value` to every subscriber, in the order of calls.
    package func publish(_ value: Element) {
        publish(contentsOf: [value])
    }

    /// Hands `values` to every subscriber, in order, with no other value between them.
    func publish(contentsOf values: [Element]) {
        guard !values.isEmpty else { return }
        state.withLock { state in
            for value in values {
                state.retain(value, by: retain)
                for continuation in state.continuations.values { continuation.yield(value) }
            }
        }
    }

    /// Publishes `value` when `isChange`, given the latest value, says it differs; returns whether it did.
    func publish(_ value: Element, if isChange: (Element?) -> Bool) -> Bool {
        state.withLock { state in
            guard isChange(state.retainedKeys.last.flatMap { state.retained[$0] }) else { return false }
            state.retain(value, by: retain)
            for continuation in state.continuations.values { continuation.yield(value) }
            return true
        }
    }

    private func end(_ id: Int) {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.continuations.removeValue(forKey: id) != nil, state.continuations.isEmpty else { return nil }
            return state.onLastSubscriptionEnd
        }
        action?()
    }

    deinit {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.finish() }
    }
}
