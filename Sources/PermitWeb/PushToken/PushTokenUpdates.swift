public import Permit

/// The push tokens a service issues: each element is a token, or `nil` when the service reports that it has
/// none, from the moment the sequence was made through its ``PushTokenChannel``, in the order they were sent.
public typealias PushTokenUpdates = UpdateStream<String?>

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
    private let broadcaster = UpdateBroadcaster<String?>()

    /// Creates a channel with no subscribers.
    public init() {}

    /// Sends a token (or `nil`, for none) to every sequence made so far.
    public func send(_ token: String?) {
        broadcaster.publish(token)
    }

    /// A new sequence of the tokens sent from now on.
    public func updates() -> PushTokenUpdates {
        broadcaster.subscribe()
    }
}
