public import Foundation
public import Logging
public import Permit
import PermitSupport

/// Runs a set of ``SystemCheck``s at once and collects their results in a ``SystemReport``.
///
/// Every check runs concurrently. A check that throws is recorded as
/// ``SystemCheckOutcome/couldNotDetermine`` (or ``SystemCheckOutcome/notSupported`` when it threw
/// ``SystemError/notSupportedOnThisPlatform``); one still running when ``timeout`` has passed since the run
/// began is recorded as ``SystemCheckOutcome/couldNotDetermine`` and abandoned: it is cancelled, but the
/// report does not wait for it. A report therefore always arrives, within about ``timeout``.
///
/// - A check abandoned by one run and still running when the next run starts is not started again: the
///   next run waits for that same run of it (against its own timeout), so a check that hangs holds at most
///   one task, however often the app refreshes.
/// - A thrown error's own text never reaches a detail or a log line, since it may name a file: the detail
///   is ``SystemError``'s description, or "the check failed with an unexpected error" for other errors, and
///   the log names the error's type. Details are cut to ``maximumDetailLength`` characters.
/// - Times are rounded to the millisecond, the precision ``SystemStatus`` stores them with, so a stored
///   report reads back equal to the one returned.
/// - A run whose task is cancelled throws `CancellationError` rather than report its checks as failed.
///
/// For example:
///
/// ```swift
/// let runner = SystemCheckRunner(
///     checks: SystemCheckRunner.standardChecks(cloud: cloud, documents: documentsURL),
///     logger: logger)
/// let report = try await runner.run()
/// report.warnings.first?.title        // "Cannot Access Storage"
/// ```
public struct SystemCheckRunner: Sendable {
    /// The longest detail a result keeps, in characters; a longer one is cut and ends with "…".
    public static let maximumDetailLength = 300

    /// The checks, in the order their results are reported.
    public let checks: [any SystemCheck]
    /// How long a run waits for its checks.
    public let timeout: Duration
    private let clock: ElapsedClock
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let inFlight = InFlightChecks()

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - checks: The checks to run; their results keep this order.
    ///   - timeout: How long a run waits for each check, counted from the start of the run. Default: ten
    ///     seconds.
    ///   - clock: The clock the timeout is measured on; tests pass a test clock.
    ///   - now: The wall-clock time stamped on results and reports.
    ///   - logger: Receives a check that failed, threw or timed out at `warning`, and a summary of each run at
    ///     `info`.
    /// - Precondition: `timeout` is positive.
    public init(
        checks: [any SystemCheck],
        timeout: Duration = .seconds(10),
        clock: some Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger
    ) {
        precondition(timeout > .zero, "timeout must be positive")
        self.checks = checks
        self.timeout = timeout
        self.clock = ElapsedClock(clock)
        self.now = now
        self.logger = logger
    }

    /// The built-in checks, in this order: iCloud, iCloud Drive, CloudKit, documents, free space; then
    /// the network, when a monitor is given.
    ///
    /// - Parameters:
    ///   - cloud: The iCloud and CloudKit accounts: Permit's Apple adapter, a simulated one in tests, or
    ///     ``UnsupportedCloudAccountProvider`` where there is no iCloud.
    ///   - documents: The directory the app keeps its data and backups in.
    ///   - minimumFreeSpace: The free bytes under which ``FreeSpaceCheck`` fails.
    ///   - fileSystem: The file operations the documents and free-space checks use.
    ///   - network: The network monitor ``NetworkCheck`` reads; without one there is no network check.
    public static func standardChecks(
        cloud: any CloudAccountProvider,
        documents: URL,
        minimumFreeSpace: Int64 = FreeSpaceCheck.defaultMinimumBytes,
        fileSystem: any DocumentsFileSystem = LocalFileSystem(),
        network: (any NetworkMonitor)? = nil
    ) -> [any SystemCheck] {
        var checks: [any SystemCheck] = [
            ICloudAccountCheck(provider: cloud),
            ICloudDriveCheck(provider: cloud),
            CloudKitAccountCheck(provider: cloud),
            DocumentsAccessCheck(directory: documents, fileSystem: fileSystem),
            FreeSpaceCheck(directory: documents, minimumBytes: minimumFreeSpace, fileSystem: fileSystem),
        ]
        if let network { checks.append(NetworkCheck(monitor: network)) }
        return checks
    }

    /// Runs every check at once and returns their results, in the order of ``checks``, once each has
    /// finished or timed out.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled before the report is complete; the
    ///   checks still running are cancelled, and no result is made up for them.
    public func run() async throws -> SystemReport {
        try Task.checkCancellation()
        let deadline = clock.deadline(after: timeout)
        let results = try await withThrowingTaskGroup(of: (Int, SystemCheckResult).self) { group in
            for (index, check) in checks.enumerated() {
                group.addTask { (index, try await self.run(check, index: index, until: deadline)) }
            }
            var results: [(Int, SystemCheckResult)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        try Task.checkCancellation()
        let report = SystemReport(checkedAt: stamp(), results: results)
        logger.info(
            "system checks finished",
            metadata: [
                "passed": "\(results.filter(\.isOK).count)", "checks": "\(results.count)",
                "warnings": "\(report.warnings.map(\.id).joined(separator: ","))",
            ])
        return report
    }

    private func run(
        _ check: any SystemCheck, index: Int, until deadline: @escaping @Sendable () async throws -> Void
    ) async throws -> SystemCheckResult {
        let finding: SystemCheckFinding
        var errorType: String?
        switch await race(check, index: index, against: deadline) {
        case .finished(.success(let found)):
            finding = found
        case .finished(.failure(let error as SystemError)) where error == .notSupportedOnThisPlatform:
            finding = SystemCheckFinding(outcome: .notSupported, detail: "not available on this platform")
        case .finished(.failure(let error)):
            errorType = String(reflecting: type(of: error))
            finding = .couldNotDetermine(Self.detail(for: error))
        case .timedOut:
            finding = .couldNotDetermine("no answer within \(Self.describe(timeout))")
        case .cancelled:
            throw CancellationError()
        }
        let detail = Self.capped(finding.detail)
        let level: Logger.Level = finding.outcome == .passed || finding.outcome == .notSupported ? .debug : .warning
        var metadata: Logger.Metadata = ["check": "\(check.id)", "outcome": "\(finding.outcome)", "detail": "\(detail)"]
        if let errorType { metadata["error"] = "\(errorType)" }
        logger.log(level: level, "system check", metadata: metadata)
        return SystemCheckResult(
            id: check.id, title: check.title, purpose: check.purpose, outcome: finding.outcome,
            detail: detail, checkedAt: stamp())
    }

    /// A fixed sentence for a thrown error: its text may hold a path or other user data, so only Permit's
    /// own errors are described.
    private static func detail(for error: any Error) -> String {
        if let error = error as? SystemError { return "the check failed: \(error)" }
        return "the check failed with an unexpected error"
    }

    private static func capped(_ detail: String) -> String {
        guard detail.count > maximumDetailLength else { return detail }
        return String(detail.prefix(maximumDetailLength - 1)) + "…"
    }

    /// The wall-clock time, rounded to the millisecond as ``SystemStatus`` stores it.
    private func stamp() -> Date {
        Date(timeIntervalSince1970: (now().timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    private enum RaceOutcome: Sendable {
        case finished(Result<SystemCheckFinding, any Error>)
        case timedOut
        case cancelled
    }

    /// Waits for `check`'s run (a new one, or the one an earlier run abandoned that is still going) and
    /// returns its finding, or `.timedOut` when `deadline` passes first, without waiting for a check that
    /// ignores cancellation.
    private func race(
        _ check: any SystemCheck, index: Int, against deadline: @escaping @Sendable () async throws -> Void
    ) async -> RaceOutcome {
        // The check's own run, which outlives this race: a later run joins a check that still hangs, rather than
        // start it again.
        let work = inFlight.work(for: index) { finished in
            AbandonableWork {
                defer { finished() }
                return try await check.run()
            }
        }
        do {
            switch try await DeadlineRace.race(work, until: deadline) {
            case .finished(let result): return .finished(result)
            case .expired:
                work.cancel()
                return .timedOut
            }
        } catch {
            // The run's task was cancelled.
            work.cancel()
            return .cancelled
        }
    }

    private static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) seconds"
    }
}

/// The run of each check that is still going, by the check's index, so that a check that hangs is not
/// started again while its last run lasts.
private final class InFlightChecks: Sendable {
    typealias Work = AbandonableWork<SystemCheckFinding>

    private let running = Locked<[Int: (id: UUID, work: Work)]>([:])

    /// The running work for check `index`, or new work from `start`, which is given a closure to call when
    /// the work ends.
    func work(for index: Int, start: (@escaping @Sendable () -> Void) -> Work) -> Work {
        running.withLock { running in
            if let current = running[index] { return current.work }
            let id = UUID()
            let work = start { [weak self] in self?.finished(index, id: id) }
            running[index] = (id, work)
            return work
        }
    }

    private func finished(_ index: Int, id: UUID) {
        running.withLock { running in
            if running[index]?.id == id { running[index] = nil }
        }
    }
}
