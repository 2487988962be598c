/// The network availability a ``NetworkMonitor`` observes, as an asynchronous sequence.
///
/// A sequence starts with the availability the monitor knows when ``NetworkMonitor/updates()`` is called,
/// then receives every change, in order; iterate it once. When the consuming task is cancelled or stops
/// iterating (its iterator is released), the subscription ends. The sequence finishes when the monitor's
/// ``NetworkAvailabilityBroadcaster`` is released.
///
/// For example:
///
/// ```swift
/// for await availability in monitor.updates() {
///     syncBanner.isHidden = availability != .unavailable
/// }
/// ```
public struct NetworkAvailabilityUpdates: AsyncSequence, Sendable {
    /// The sequence's element: the availability.
    public typealias Element = NetworkAvailability
    /// The sequence never throws.
    public typealias Failure = Never

    private let stream: AsyncStream<NetworkAvailability>
    private let continuation: AsyncStream<NetworkAvailability>.Continuation

    init(_ subscription: (AsyncStream<NetworkAvailability>, AsyncStream<NetworkAvailability>.Continuation)) {
        (stream, continuation) = subscription
    }

    /// Creates the iterator that receives the availability; releasing it ends the subscription.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), end: SubscriptionEnd(continuation))
    }

    /// The iterator of ``NetworkAvailabilityUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<NetworkAvailability>.AsyncIterator
        let end: SubscriptionEnd<NetworkAvailability>

        /// The next availability, or `nil` when the subscription has ended.
        public mutating func next() async -> NetworkAvailability? { await base.next() }
    }
}
