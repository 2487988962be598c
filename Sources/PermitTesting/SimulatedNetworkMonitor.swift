public import Permit

/// A scriptable `NetworkMonitor`: the test sets the availability, and subscribers see each change.
///
/// It starts `NetworkAvailability.available` unless told otherwise, like a device at install time.
///
/// For example:
///
/// ```swift
/// let network = SimulatedNetworkMonitor()
/// var updates = network.updates().makeAsyncIterator()
/// #expect(await updates.next() == .available)
/// network.set(.unavailable)                        // airplane mode
/// #expect(await updates.next() == .unavailable)
/// ```
public final class SimulatedNetworkMonitor: NetworkMonitor, Sendable {
    private let broadcaster: NetworkAvailabilityBroadcaster

    /// Creates a monitor reporting `availability`.
    public init(_ availability: NetworkAvailability = .available) {
        broadcaster = NetworkAvailabilityBroadcaster(initial: availability)
    }

    /// The availability the monitor reports.
    public var current: NetworkAvailability { broadcaster.current }

    /// Changes the availability; subscribers see it if it differs from ``current``.
    public func set(_ availability: NetworkAvailability) {
        broadcaster.publish(availability)
    }

    /// The availability the test set last.
    public func availability() async -> NetworkAvailability { broadcaster.current }

    /// The current availability, then every change.
    public func updates() -> NetworkAvailabilityUpdates { broadcaster.updates() }

    /// The number of live subscriptions, such as tasks waiting in `waitUntilReachable()`.
    public var subscriberCount: Int { broadcaster.subscriberCount }
}
