public import Foundation
public import Logging
public import Permit
import PermitSupport

/// A `NetworkMonitor` that reads a Linux host's interfaces and routes, polling at an interval while ``run()``
/// runs.
///
/// The network is `NetworkAvailability.available` when a non-loopback interface is up and carries a default
/// route (IPv4 from `/proc/net/route`, IPv6 from `/proc/net/ipv6_route`; interface state from
/// `/sys/class/net/<name>/operstate` and `flags`), `NetworkAvailability.unavailable` when none does, and
/// `NetworkAvailability.unknown` when those files cannot be read, as on a system that is not Linux. It reads
/// files only and sends no packets.
///
/// ``availability()`` and each call to ``updates()`` read the files at once. Changes after that are found by
/// ``run()``, which reads the files every `pollInterval` on the injected clock while someone subscribes, until
/// its task is cancelled: those files offer no change notification to wait on, so the monitor polls.
/// Subscribers see changes only. The files are read outside any lock.
///
/// Only the main routing table is read (`/proc/net/route` and `/proc/net/ipv6_route`): a default route that
/// lives only in another table chosen by a policy rule (`ip rule`), as some VPNs set up, is not seen, and such
/// a host may read `NetworkAvailability.unavailable`.
///
/// For example:
///
/// ```swift
/// let monitor = LinuxNetworkMonitor(logger: logger)
/// await withDiscardingTaskGroup { group in
///     group.addTask { await monitor.run() }      // polls until the group is cancelled
///     for await availability in monitor.updates() {
///         print("network:", availability)
///     }
/// }
/// ```
public final class LinuxNetworkMonitor: NetworkMonitor, Sendable {
    /// The polling interval used when none is given: two seconds.
    public static let defaultPollInterval: Duration = .seconds(2)

    /// The folder the kernel's files are read under: `/` on a real host, a fixture folder in tests.
    public let root: URL
    /// How often ``run()`` reads the files while someone subscribes.
    public let pollInterval: Duration

    private let files: HostNetworkFiles
    private let broadcaster = NetworkAvailabilityBroadcaster()
    private let clock: ElapsedClock
    private let logger: Logger

    /// Creates a monitor; nothing is read until ``availability()`` or ``updates()`` is called, or ``run()``
    /// runs.
    ///
    /// - Parameters:
    ///   - root: The folder holding `proc/` and `sys/`; the file system's root by default.
    ///   - pollInterval: How often ``run()`` reads the files.
    ///   - clock: The clock polling sleeps on; tests pass a test clock.
    ///   - logger: Receives availability changes at `info`.
    /// - Precondition: `pollInterval` is positive.
    public init(
        root: URL = URL(fileURLWithPath: "/", isDirectory: true), pollInterval: Duration = defaultPollInterval,
        clock: some Clock<Duration> = ContinuousClock(), logger: Logger
    ) {
        precondition(pollInterval > .zero, "pollInterval must be positive")
        self.root = root
        self.pollInterval = pollInterval
        self.files = HostNetworkFiles(root: root)
        self.clock = ElapsedClock(clock)
        self.logger = logger
    }

    /// Reads the files now and returns the availability they describe, publishing it if it changed.
    public func availability() async -> NetworkAvailability {
        pollOnce()
    }

    /// A stream of the availability: the current one, read now, then every change ``run()`` finds.
    public func updates() -> NetworkAvailabilityUpdates {
        pollOnce()
        return broadcaster.updates()
    }

    /// Reads the files every ``pollInterval`` while someone subscribes to ``updates()``, publishing each
    /// change, until the calling task is cancelled.
    ///
    /// Run it for as long as the app wants to hear of changes, in a task group beside its other long-lived
    /// components. Without it, ``availability()`` and ``updates()`` still read the files when called.
    public func run() async {
        // Polling: /proc and /sys have no change signal to wait on here (no netlink socket is opened).
        while (try? await clock.sleep(for: pollInterval)) != nil {
            guard broadcaster.subscriberCount > 0 else { continue }
            pollOnce()
        }
    }

    /// Reads the files at once; polling is ``run()``'s now.
    @available(*, unavailable, renamed: "run()", message: "run the monitor in a task group; cancel it to stop")
    public func startPolling() {
        fatalError("unavailable")
    }

    /// Polling stops when the task running ``run()`` is cancelled.
    @available(*, unavailable, message: "cancel the task that runs run()")
    public func stopPolling() {
        fatalError("unavailable")
    }

    /// Reads the files once, outside any lock, and publishes the availability if it changed.
    @discardableResult
    func pollOnce() -> NetworkAvailability {
        let availability = files.availability()
        if broadcaster.publish(availability) {
            logger.info("network availability changed", metadata: ["availability": "\(availability)"])
        }
        return availability
    }
}
