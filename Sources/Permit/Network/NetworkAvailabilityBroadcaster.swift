/// Keeps a monitor's current availability and hands every change to its ``NetworkAvailabilityUpdates``
/// subscribers: the building block of a ``NetworkMonitor`` implementation.
///
/// Publishing the availability it already holds does nothing, so subscribers see changes only. It can be
/// used from any thread.
///
/// For example, in an adapter over the OS's path monitor:
///
/// ```swift
/// let broadcaster = NetworkAvailabilityBroadcaster()
/// pathMonitor.pathUpdateHandler = { path in
///     broadcaster.publish(path.status == .satisfied ? .available : .unavailable)
/// }
/// func updates() -> NetworkAvailabilityUpdates { broadcaster.updates() }
/// ```
package final class NetworkAvailabilityBroadcaster: Sendable {
    private let broadcaster: UpdateBroadcaster<NetworkAvailability>

    /// Creates a broadcaster holding `initial`, by default ``NetworkAvailability/unknown``.
    package init(initial: NetworkAvailability = .unknown) {
        broadcaster = .latestValue(initial)
    }

    /// The availability last published, or the initial one.
    package var current: NetworkAvailability { broadcaster.latest ?? .unknown }

    /// Publishes `availability` to every subscriber if it differs from ``current``.
    ///
    /// - Returns: Whether it was a change.
    @discardableResult
    package func publish(_ availability: NetworkAvailability) -> Bool {
        broadcaster.publish(availability) { $0 != availability }
    }

    /// A new subscription: ``current`` first, then every change.
    package func updates() -> NetworkAvailabilityUpdates {
        broadcaster.subscribe()
    }

    /// The number of live subscriptions.
    package var subscriberCount: Int { broadcaster.subscriberCount }

    /// Calls `action` each time the last live subscription ends, so that a monitor can stop its work.
    package func onLastSubscriptionEnd(_ action: @escaping @Sendable () -> Void) {
        broadcaster.onLastSubscriptionEnd(action)
    }
}
