public import Foundation
public import Logging
public import Permit
import PermitSupport

/// A `NetworkMonitor` that reads a Linux host's interfaces and routes, polling at an interval.
///
/// The network is `NetworkAvailability.available` when a non-loopback interface is up and carries a default
/// route (IPv4 from `/proc/net/route`, IPv6 from `/proc/net/ipv6_route`; interface state from
/// `/sys/class/net/<name>/operstate` and `flags`), `NetworkAvailability.unavailable` when none does, and
/// `NetworkAvailability.unknown` when those files cannot be read, as on a system that is not Linux. It reads
/// files only and sends no packets.
///
/// Each call to ``updates()`` reads the files at once and, if it is not polling yet, starts polling every
/// `pollInterval` on the injected clock; subscribers see changes only. Polling stops when the last
/// subscription ends, with ``stopPolling()``, or when the monitor is released. The files are read outside
/// any lock.
///
/// Only the main routing table is read (`/proc/net/route` and `/proc/net/ipv6_route`): a default route that
/// lives only in another table chosen by a policy rule (`ip rule`), as some VPNs set up, is not seen, and such
/// a host may read `NetworkAvailability.unavailable`.
///
/// For example:
///
/// ```swift
/// let monitor = LinuxNetworkMonitor(logger: logger)
/// for await availability in monitor.updates() {
///     print("network:", availability)
/// }
/// ```
public final class LinuxNetworkMonitor: NetworkMonitor, Sendable {
    /// The polling interval used when none is given: two seconds.
    public static let defaultPollInterval: Duration = .seconds(2)

    /// The folder the kernel's files are read under: `/` on a real host, a fixture folder in tests.
    public let root: URL
    /// How often the files are read while someone subscribes.
    public let pollInterval: Duration

    private let files: HostNetworkFiles
    private let broadcaster = NetworkAvailabilityBroadcaster()
    private let clock: ElapsedClock
    private let logger: Logger
    private let poller = Locked<Task<Void, Never>?>(nil)

    /// Creates a monitor; nothing is read until ``availability()`` or ``updates()`` is called.
    ///
    /// - Parameters:
    ///   - root: The folder holding `proc/` and `sys/`; the file system's root by default.
    ///   - pollInterval: How often to read the files while polling.
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
        broadcaster.onLastSubscriptionEnd { [weak self] in self?.stopPollingIfUnsubscribed() }
    }

    deinit {
        poller.withLock { $0?.cancel() }
    }

    /// Reads the files now and returns the availability they describe, publishing it if it changed.
    public func availability() async -> NetworkAvailability {
        pollOnce()
    }

    /// A stream of the availability: the current one, read now, then every change; starts polling if needed.
    ///
    /// Polling stops by itself when the last subscription ends.
    public func updates() -> NetworkAvailabilityUpdates {
        pollOnce()
        // Subscribe before making sure the poller runs: a subscription that ended meanwhile may have stopped it.
        let updates = broadcaster.updates()
        startPoller()
        return updates
    }

    /// Reads the files at once and starts polling, if it has not started yet.
    ///
    /// Polling started here goes on until ``stopPolling()``, or until a subscription made afterwards ends and
    /// leaves none.
    public func startPolling() {
        pollOnce()
        startPoller()
    }

    /// Stops polling; the next ``updates()`` starts it again.
    public func stopPolling() {
        poller.withLock { poller in
            poller?.cancel()
            poller = nil
        }
    }

    /// Whether the monitor is polling now.
    var isPolling: Bool { poller.withLock { $0 != nil } }

    /// Reads the files once, outside any lock, and publishes the availability if it changed.
    @discardableResult
    func pollOnce() -> NetworkAvailability {
        Self.poll(files, broadcaster, logger)
    }

    private static func poll(
        _ files: HostNetworkFiles, _ broadcaster: NetworkAvailabilityBroadcaster, _ logger: Logger
    ) -> NetworkAvailability {
        let availability = files.availability()
        if broadcaster.publish(availability) {
            logger.info("network availability changed", metadata: ["availability": "\(availability)"])
        }
        return availability
    }

    private func startPoller() {
        poller.withLock { poller in
            guard poller == nil else { return }
            poller = Task { [files, broadcaster, clock, pollInterval, logger] in
                while true {
                    do {
                        try await clock.sleep(for: pollInterval)
                    } catch {
                        return  // cancelled
                    }
                    _ = Self.poll(files, broadcaster, logger)
                }
            }
        }
    }

    /// Stops polling if no subscription is live; called when the last one ends.
    private func stopPollingIfUnsubscribed() {
        poller.withLock { poller in
            // A subscription made since the last one ended keeps polling going.
            guard broadcaster.subscriberCount == 0 else { return }
            poller?.cancel()
            poller = nil
        }
    }
}
