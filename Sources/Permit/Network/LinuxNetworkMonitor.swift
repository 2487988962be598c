public import Foundation
public import Logging

/// A ``NetworkMonitor`` that reads a Linux host's interfaces and routes, polling at an interval.
///
/// The network is ``NetworkAvailability/available`` when a non-loopback interface is up and carries a default
/// route (IPv4 from `/proc/net/route`, IPv6 from `/proc/net/ipv6_route`; interface state from
/// `/sys/class/net/<name>/operstate` and `flags`), ``NetworkAvailability/unavailable`` when none does, and
/// ``NetworkAvailability/unknown`` when those files cannot be read, as on a system that is not Linux. It reads
/// files only and sends no packets.
///
/// The first call to ``updates()`` reads the files at once and starts polling every `pollInterval` on the
/// injected clock; subscribers see changes only. Polling stops with ``stopPolling()`` or when the monitor is
/// released.
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
    }

    deinit {
        poller.withLock { $0?.cancel() }
    }

    /// Reads the files now and returns the availability they describe, publishing it if it changed.
    public func availability() async -> NetworkAvailability {
        readAndPublish()
    }

    /// A stream of the availability: the current one, then every change; starts polling if needed.
    public func updates() -> NetworkAvailabilityUpdates {
        startPolling()
        return broadcaster.updates()
    }

    /// Reads the files at once and starts polling, if it has not started yet.
    public func startPolling() {
        poller.withLock { poller in
            guard poller == nil else { return }
            readAndPublish()
            poller = Task { [files, broadcaster, clock, pollInterval, logger] in
                while true {
                    do {
                        try await clock.sleep(for: pollInterval)
                    } catch {
                        return  // cancelled
                    }
                    let availability = files.availability()
                    if broadcaster.publish(availability) {
                        logger.info("network availability changed", metadata: ["availability": "\(availability)"])
                    }
                }
            }
        }
    }

    /// Stops polling; the next ``updates()`` starts it again.
    public func stopPolling() {
        poller.withLock { poller in
            poller?.cancel()
            poller = nil
        }
    }

    @discardableResult
    private func readAndPublish() -> NetworkAvailability {
        let availability = files.availability()
        if broadcaster.publish(availability) {
            logger.info("network availability changed", metadata: ["availability": "\(availability)"])
        }
        return availability
    }
}
