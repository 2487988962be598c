/// The network availability a ``NetworkMonitor`` observes: first the availability the monitor knows when
/// ``NetworkMonitor/updates()`` is called, then every change, in order.
///
/// For example:
///
/// ```swift
/// for await availability in monitor.updates() {
///     syncBanner.isHidden = availability != .unavailable
/// }
/// ```
public typealias NetworkAvailabilityUpdates = UpdateStream<NetworkAvailability>
