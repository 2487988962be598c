import PermitSupport

/// Hands values to every ``UpdateStream`` made from it, reachable synchronously from any thread: the engine
/// behind every one of Permit's streams, and what an implementation of a seam that streams (a `WebViewHost`'s
/// events, a `WebCookieStore`'s changes) uses to make them.
///
/// ``publish(_:)`` is synchronous and may be called from any thread, so an implementation calls it straight
/// from a framework's callback, and values keep the order they were published in.
///
/// Inside Permit a broadcaster may also retain values for new subscriptions: with a `retain` rule, each
/// published value is kept under a key (replacing the one kept under the same key), and a new subscription
/// first receives every value kept, in the order their keys were first seen.
///
/// For example, in a web view host:
///
/// ```swift
/// private let eventBroadcaster = UpdateBroadcaster<WebViewEvent>()
/// nonisolated func events() -> WebViewEvents { eventBroadcaster.subscribe() }
/// func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
///     if let url = webView.url { eventBroadcaster.publish(.loaded(url)) }
/// }
/// ```
package final class UpdateBroadcaster<Element: Sendable>: Sendable {
    /// What a published value leaves behind for later subscriptions: its key and the value to replay, or
    /// `nil` to keep nothing.
    package typealias Retain = @Sendable (Element) -> (key: AnyHashable, replay: Element)?

    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var retainedKeys: [AnyHashable] = []
        var retained: [AnyHashable: Element] = [:]
        var onLastSubscriptionEnd: (@Sendable () -> Void)?
        var isFinished = false

        mutating func retain(_ value: Element, by rule: Retain?) {
            guard let (key, replay) = rule?(value) else { return }
            if retained.updateValue(replay, forKey: key) == nil { retainedKeys.append(key) }
        }
    }

    private let state: Locked<State>
    private let retain: Retain?

    /// Creates a broadcaster of events: each subscription receives the values published after it was made.
    package convenience init() {
        self.init(retain: nil)
    }

    /// Creates a broadcaster that keeps what `retain` says for new subscriptions (nothing when `nil`),
    /// starting with `initial`.
    package init(initial: [Element] = [], retain: Retain?) {
        var state = State()
        for value in initial { state.retain(value, by: retain) }
        self.state = Locked(state)
        self.retain = retain
    }

    /// Creates a broadcaster of one state: a new subscription starts with the latest value.
    static func latestValue(_ initial: Element?) -> UpdateBroadcaster {
        UpdateBroadcaster(initial: initial.map { [$0] } ?? [], retain: { (key: AnyHashable(0), replay: $0) })
    }

    /// A new subscription that receives every value kept (see `init(initial:retain:)`), then every value
    /// published from now on.
    package func subscribe() -> UpdateStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            for key in state.retainedKeys { if let value = state.retained[key] { continuation.yield(value) } }
            if state.isFinished {
                continuation.finish()
            } else {
                state.continuations[state.nextID] = continuation
            }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in self?.end(id) }
        return UpdateStream(stream: stream, continuation: continuation)
    }

    /// The value kept last, or the initial one: for a broadcaster of one state, that state.
    var latest: Element? { state.withLock { state in state.retainedKeys.last.flatMap { state.retained[$0] } } }

    /// The number of live subscriptions.
    package var subscriberCount: Int { state.withLock { $0.continuations.count } }

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

    /// Ends every subscription after the values already published, and every one made from now on after the
    /// values kept: the source is gone (a web view closed). Values published later are dropped.
    package func finish() {
        let continuations = state.withLock { state in
            state.isFinished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
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
