/// Whether the device can reach a network now, as a ``NetworkMonitor`` sees it.
///
/// Being offline is a state the app keeps working in, never an error: local work goes on, and work that needs
/// the network waits (see ``shouldWait(_:)``).
public enum NetworkAvailability: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A network interface is up with a route out.
    case available
    /// No interface is up with a route out: the device is offline.
    case unavailable
    /// The monitor cannot tell, for example before its first reading or on a platform it cannot read.
    case unknown

    /// Whether `work` should wait until the network is back.
    ///
    /// Local work never waits. Sync-style work waits only while the network is known to be unavailable: when
    /// the monitor cannot tell, it goes ahead, and the sync subsystem treats a failure as transient.
    ///
    /// For example:
    ///
    /// ```swift
    /// if await monitor.availability().shouldWait(.sync) {
    ///     syncBadge = "Waiting for network"          // not an error: entries are kept locally
    /// } else {
    ///     try await syncEngine.push()
    /// }
    /// ```
    public func shouldWait(_ work: NetworkWork) -> Bool {
        switch work {
        case .local: false
        case .sync: self == .unavailable
        }
    }

    /// The availability's name, such as `unavailable`.
    public var description: String { rawValue }
}
