/// The kind of work an app is about to do, as far as the network is concerned.
///
/// See ``NetworkAvailability/shouldWait(_:)`` and ``NetworkMonitor/waitUntilReachable()``.
public enum NetworkWork: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Work on the device only, such as writing a log entry: it never waits for the network.
    case local
    /// Work that talks to a server, such as syncing or signing in: it waits while the device is offline.
    case sync

    /// The work's name.
    public var description: String { rawValue }
}
