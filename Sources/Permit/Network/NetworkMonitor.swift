/// Observes whether the device can reach a network: the seam between Permit and the OS's network state.
///
/// Network access is required and implicit: nothing is requested, but its availability is observed, and
/// being offline is a state the app keeps working in, never an error. Permit ships `LinuxNetworkMonitor` in
/// `PermitLinux` (reads the host's interfaces and routes), `SimulatedNetworkMonitor` in `PermitTesting`, and
/// `PathNetworkMonitor` in the Apple adapter `PermitNetwork`, over the OS's path monitor.
///
/// ## Implementation requirements
///
/// - ``availability()`` returns what the monitor knows now, without sending any packet; it never throws.
///   ``NetworkAvailability/unknown`` means the monitor cannot tell.
/// - ``updates()`` returns a new subscription that starts with the current availability and then receives
///   every change, with no repeats. (Permit's own monitors share one package-internal broadcaster for this.)
///   A monitor whose source has no change signal finds changes by polling in a `run()` of its own, and says
///   so: `LinuxNetworkMonitor` does.
/// - Both can be called from any task, at any time.
///
/// For example:
///
/// ```swift
/// let monitor = LinuxNetworkMonitor(pollInterval: .seconds(2), logger: logger)
/// await withDiscardingTaskGroup { group in
///     group.addTask { await monitor.run() }       // LinuxNetworkMonitor finds changes by polling while it runs
///     for await availability in monitor.updates() {
///         print("network:", availability)        // available, unavailable or unknown
///     }
/// }
/// ```
public protocol NetworkMonitor: Sendable {
    /// The availability now.
    func availability() async -> NetworkAvailability

    /// A stream of the availability: the current one, then every change.
    func updates() -> NetworkAvailabilityUpdates
}

extension NetworkMonitor {
    /// Returns when sync-style work may go ahead: at once unless the network is known to be unavailable,
    /// otherwise when it is back (or the monitor can no longer tell, or its stream ends).
    ///
    /// Local work should not call this: it never waits.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
    public func waitUntilReachable() async throws {
        for await availability in updates() where !availability.shouldWait(.sync) {
            return
        }
        try Task.checkCancellation()
    }
}
