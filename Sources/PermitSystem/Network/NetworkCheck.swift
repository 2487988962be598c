public import Permit

/// Checks that a network can be reached, as a `NetworkMonitor` sees it: what sync needs.
///
/// Being offline is a state the app keeps working in, never an error: the check is
/// ``SystemCheckOutcome/failed`` when the monitor says `NetworkAvailability.unavailable`, which raises only
/// the information ``SystemWarning/offline`` ("You're Offline"), never a critical warning. A monitor that cannot
/// tell (`NetworkAvailability.unknown`, such as a Linux monitor that cannot read the host's interfaces) is
/// ``SystemCheckOutcome/couldNotDetermine`` and raises nothing.
///
/// For example:
///
/// ```swift
/// let finding = try await NetworkCheck(monitor: monitor).run()   // .passed("a network is available")
/// ```
public struct NetworkCheck: SystemCheck {
    /// Where the availability is read.
    public let monitor: any NetworkMonitor

    /// Creates the check.
    public init(monitor: any NetworkMonitor) { self.monitor = monitor }

    /// ``SystemCheckID/network``.
    public var id: SystemCheckID { .network }
    /// "Network".
    public var title: String { "Network" }
    /// "Needed to sync across devices".
    public var purpose: String { "Needed to sync across devices" }

    /// Asks the monitor for the availability now.
    public func run() async throws -> SystemCheckFinding {
        Self.finding(for: await monitor.availability())
    }

    /// The finding for one availability.
    public static func finding(for availability: NetworkAvailability) -> SystemCheckFinding {
        switch availability {
        case .available: .passed("a network is available")
        case .unavailable: .failed("offline; changes are kept on this device until the network is back")
        case .unknown: .couldNotDetermine("cannot tell whether a network is available")
        }
    }
}
