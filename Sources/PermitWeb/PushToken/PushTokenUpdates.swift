import Permit

/// The push tokens a service issues, as an asynchronous sequence: each element is a token, or `nil` when the
/// service reports that it has none.
///
/// A sequence receives every token sent through its ``PushTokenChannel`` from the moment it was made, in the
/// order they were sent; iterate it once. It ends when the consuming task is cancelled or stops iterating,
/// or when the channel is released.
public struct PushTokenUpdates: AsyncSequence, Sendable {
    /// A token, or `nil` for none.
    public typealias Element = String?
    /// The sequence never throws.
    public typealias Failure = Never

    private let subscription: Subscription<String?>

    init(_ subscription: Subscription<String?>) { self.subscription = subscription }

    /// Creates the iterator that receives the tokens; releasing it ends the subscription.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: subscription.makeIterator()) }

    /// The iterator of ``PushTokenUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: SubscriptionIterator<String?>

        /// The next token (`.some(nil)` when the service has none), or `nil` when the sequence has ended.
        public mutating func next() async -> String?? { await base.next() }
    }
}

/// Hands the tokens a push service issues to every ``PushTokenUpdates`` sequence made from it, in the order
/// they were sent: the piece a ``PushTokenProvider`` uses to report tokens from the service's callback.
///
/// ``send(_:)`` is synchronous and may be called from any thread, so a provider calls it straight from the
/// service's delegate callback, and tokens keep the order the service issued them in.
///
/// For example:
///
/// ```swift
/// let channel = PushTokenChannel()
/// let updates = channel.updates()
/// channel.send("fMEP0vJqS0:APA91b...")
/// ```
public final class PushTokenChannel: Sendable {
    private let broadcaster = Broadcaster<String?>(retain: nil)

    /// Creates a channel with no subscribers.
    public init() {}

    /// Sends a token (or `nil`, for none) to every sequence made so far.
    public func send(_ token: String?) {
        broadcaster.publish(token)
    }

    /// A new sequence of the tokens sent from now on.
    public func updates() -> PushTokenUpdates {
        PushTokenUpdates(broadcaster.subscribe())
    }
}
