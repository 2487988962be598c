public import Foundation
public import Logging

/// Runs a set of ``SystemCheck``s at once and collects their results in a ``SystemReport``.
///
/// Every check runs concurrently. A check that throws is recorded as
/// ``SystemCheckOutcome/couldNotDetermine`` (or ``SystemCheckOutcome/notSupported`` when it threw
/// ``SystemError/notSupportedOnThisPlatform``); one still running when ``timeout`` has passed since the run
/// began is recorded as ``SystemCheckOutcome/couldNotDetermine`` and abandoned: it is cancelled, but the
/// report does not wait for it. A report therefore always arrives, within about ``timeout``.
///
/// For example:
///
/// ```swift
/// let runner = SystemCheckRunner(
///     checks: SystemCheckRunner.standardChecks(cloud: cloud, documents: documentsURL),
///     logger: logger)
/// let report = await runner.run()
/// report.warnings.first?.title        // "Cannot Access Storage"
/// ```
public struct SystemCheckRunner: Sendable {
    /// The checks, in the order their results are reported.
    public let checks: [any SystemCheck]
    /// How long a run waits for its checks.
    public let timeout: Duration
    private let clock: DeadlineClock
    private let now: @Sendable () -> Date
    private let logger: Logger

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
        self.clock = DeadlineClock(clock)
        self.now = now
        self.logger = logger
    }

    /// The seed's checks, in the seed's order: iCloud, iCloud Drive, CloudKit, documents, free space.
    ///
    /// A network-availability check is not among them yet: it will join them over the core's network
    /// monitor once that seam exists.
    ///
    /// - Parameters:
    ///   - cloud: The iCloud and CloudKit accounts: Permit's Apple adapter, a simulated one in tests, or
    ///     ``UnsupportedCloudAccountProvider`` where there is no iCloud.
    ///   - documents: The directory the app keeps its data and backups in.
    ///   - minimumFreeSpace: The free bytes under which ``FreeSpaceCheck`` fails.
    ///   - fileSystem: The file operations the documents and free-space checks use.
    public static func standardChecks(
        cloud: any CloudAccountProvider,
        documents: URL,
        minimumFreeSpace: Int64 = FreeSpaceCheck.defaultMinimumBytes,
        fileSystem: any DocumentsFileSystem = LocalFileSystem()
    ) -> [any SystemCheck] {
        [
            ICloudAccountCheck(provider: cloud),
            ICloudDriveCheck(provider: cloud),
            CloudKitAccountCheck(provider: cloud),
            DocumentsAccessCheck(directory: documents, fileSystem: fileSystem),
            FreeSpaceCheck(directory: documents, minimumBytes: minimumFreeSpace, fileSystem: fileSystem),
        ]
    }

    /// Runs every check at once and returns their results, in the order of ``checks``, once each has
    /// finished or timed out.
    public func run() async -> SystemReport {
        let deadline = clock.deadline(after: timeout)
        let results = await withTaskGroup(of: (Int, SystemCheckResult).self) { group in
            for (index, check) in checks.enumerated() {
                group.addTask { (index, await self.run(check, until: deadline)) }
            }
            var results: [(Int, SystemCheckResult)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let report = SystemReport(checkedAt: now(), results: results)
        logger.info(
            "system checks finished",
            metadata: [
                "passed": "\(results.filter(\.isOK).count)", "checks": "\(results.count)",
                "warnings": "\(report.warnings.map(\.id).joined(separator: ","))",
            ])
        return report
    }

    private func run(_ check: any SystemCheck, until deadline: @escaping @Sendable () async throws -> Void) async
        -> SystemCheckResult
    {
        let finding: SystemCheckFinding
        switch await race(check, against: deadline) {
        case .finished(.success(let found)):
            finding = found
        case .finished(.failure(let error as SystemError)) where error == .notSupportedOnThisPlatform:
            finding = SystemCheckFinding(outcome: .notSupported, detail: "not available on this platform")
        case .finished(.failure(let error)):
            finding = .couldNotDetermine("the check failed: \(error)")
        case .timedOut:
            finding = .couldNotDetermine("no answer within \(Self.describe(timeout))")
        case .cancelled:
            finding = .couldNotDetermine("the check was cancelled")
        }
        let level: Logger.Level = finding.outcome == .passed || finding.outcome == .notSupported ? .debug : .warning
        logger.log(
            level: level, "system check",
            metadata: ["check": "\(check.id)", "outcome": "\(finding.outcome)", "detail": "\(finding.detail)"])
        return SystemCheckResult(
            id: check.id, title: check.title, purpose: check.purpose, outcome: finding.outcome,
            detail: finding.detail, checkedAt: now())
    }

    private enum RaceOutcome: Sendable {
        case finished(Result<SystemCheckFinding, any Error>)
        case timedOut
        case cancelled
    }

    /// Runs `check` in a task of its own and returns its finding, or `.timedOut` when `deadline` passes
    /// first, without waiting for a check that ignores cancellation.
    private func race(_ check: any SystemCheck, against deadline: @escaping @Sendable () async throws -> Void) async
        -> RaceOutcome
    {
        let (outcomes, continuation) = AsyncStream.makeStream(of: RaceOutcome.self, bufferingPolicy: .bufferingOldest(1))
        let work = Task {
            let result: Result<SystemCheckFinding, any Error>
            do { result = .success(try await check.run()) } catch { result = .failure(error) }
            continuation.yield(.finished(result))
        }
        let timer = Task {
            do {
                try await deadline()
                continuation.yield(.timedOut)
            } catch {
                // Cancelled: the check finished first, or the run was cancelled.
            }
        }
        defer {
            work.cancel()
            timer.cancel()
            continuation.finish()
        }
        for await outcome in outcomes { return outcome }
        return .cancelled
    }

    private static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) seconds"
    }
}
