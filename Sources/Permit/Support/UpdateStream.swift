/// A stream of values from one of Permit's sources, as an asynchronous sequence: every stream Permit offers
/// (``PermissionChanges``, ``FeatureUpdates``, ``NetworkAvailabilityUpdates``, `PushTokenUpdates`) is one.
///
/// A stream receives the values its source publishes from the moment it was made, in order, with nothing
/// dropped; some sources first hand it the values they keep (the current state of each thing they track), as
/// the method that makes the stream says. Iterate it once. When the consuming task is cancelled or stops
/// iterating (its iterator is released), the subscription ends and the source stops buffering for it. The
/// stream finishes when its source is released.
///
/// For example:
///
/// ```swift
/// for await change in center.changes() where change.kind == .location {
///     updateLocationButton(enabled: change.current.isUsable)
/// }
/// ```
public struct UpdateStream<Element: Sendable>: AsyncSequence, Sendable {
    /// The stream never throws.
    public typealias Failure = Never

    private let stream: AsyncStream<Element>
    private let continuation: AsyncStream<Element>.Continuation

    init(stream: AsyncStream<Element>, continuation: AsyncStream<Element>.Continuation) {
        self.stream = stream
        self.continuation = continuation
    }

    /// Creates the iterator that receives the values; releasing it ends the subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), end: SubscriptionEnd(continuation))
    }

    /// The iterator of an ``UpdateStream``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Element>.AsyncIterator
        private let end: SubscriptionEnd

        init(base: AsyncStream<Element>.AsyncIterator, end: SubscriptionEnd) {
            self.base = base
            self.end = end
        }

        /// The next value, or `nil` when the subscription has ended.
        public mutating func next() async -> Element? { await base.next() }
    }

    /// Ends the subscription when the iterator that holds it is released, as when a `for await` loop breaks.
    final class SubscriptionEnd: Sendable {
        private let continuation: AsyncStream<Element>.Continuation

        init(_ continuation: AsyncStream<Element>.Continuation) { self.continuation = continuation }

        deinit { continuation.finish() }
    }
}
