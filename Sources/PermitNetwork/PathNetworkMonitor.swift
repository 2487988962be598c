#if canImport(Network)
import Dispatch
public import Network
public import Permit

/// The `NetworkMonitor` over the Network framework's `NWPathMonitor`.
///
/// It translates the current path's status and decides nothing: `satisfied` is available, `unsatisfied` is
/// unavailable, and `requiresConnection` (the path comes up only when a connection asks for it, as an idle
/// cellular or on-demand VPN link does) is unknown, so that sync work goes ahead and treats a failure as
/// transient. Before the first path arrives the availability is unknown.
///
/// The monitor starts at once and stops when it is released. Networking needs no Info.plist purpose string.
///
/// For example:
///
/// ```swift
/// let monitor = PathNetworkMonitor()
/// for await availability in monitor.updates() {
///     syncBadge.isHidden = availability != .unavailable
/// }
/// ```
public final class PathNetworkMonitor: NetworkMonitor, @unchecked Sendable {
    // @unchecked: `monitor` is only started and cancelled (thread-safe in Network); every other state is the
    // broadcaster's, which is Sendable.
    private let monitor: NWPathMonitor
    private let broadcaster = NetworkAvailabilityBroadcaster(initial: .unknown)

    /// Creates a monitor of every interface, or of one interface type, and starts it.
    ///
    /// - Parameter interfaceType: The only kind of interface to watch (`.wifi`, `.cellular`, ...), or `nil`
    ///   for all.
    public init(interfaceType: NWInterface.InterfaceType? = nil) {
        monitor = interfaceType.map { NWPathMonitor(requiredInterfaceType: $0) } ?? NWPathMonitor()
        let broadcaster = broadcaster
        monitor.pathUpdateHandler = { path in
            broadcaster.publish(Self.availability(path.status))
        }
        monitor.start(queue: DispatchQueue(label: "org.permit.network-monitor"))
    }

    deinit {
        monitor.cancel()
    }

    /// The availability of the latest path, or unknown before the first one.
    public func availability() async -> NetworkAvailability {
        broadcaster.current
    }

    /// The current availability, then every change.
    public func updates() -> NetworkAvailabilityUpdates {
        broadcaster.updates()
    }

    static func availability(_ status: NWPath.Status) -> NetworkAvailability {
        switch status {
        case .satisfied: .available
        case .unsatisfied: .unavailable
        case .requiresConnection: .unknown
        @unknown default: .unknown
        }
    }
}
#endif
