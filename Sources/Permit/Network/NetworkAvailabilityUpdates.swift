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

    private let subscription: Subscription<NetworkAvailability>

    init(_ subscription: Subscription<NetworkAvailability>) { self.subscription = subscription }

    /// Creates the iterator that receives the availability; releasing it ends the subscription.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: subscription.makeIterator()) }

    /// The iterator of ``NetworkAvailabilityUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: SubscriptionIterator<NetworkAvailability>

        /// The next availability, or `nil` when the subscription has ended.
        public mutating func next() async -> NetworkAvailability? { await base.next() }
    }
}
