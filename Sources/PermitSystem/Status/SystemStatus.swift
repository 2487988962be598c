import Foundation
public import Logging
public import Permit
import PermitSupport

/// The system checks' last report, kept in the permission store.
///
/// ``refresh()`` runs the checks and stores the report, with its time, in the app's `PermitStorage` (under
/// ``key``, `permit.system` by default), so that it sits in the same file as the permissions and survives
/// relaunches. A Settings screen shows ``lastReport()``'s results and
/// "Last checked: 5 minutes ago" from its time (see ``LastCheckedFormatter``).
///
/// Concurrent calls to ``refresh()`` share one run of the checks, in the task of the call that started it. A run
/// that is cancelled stores nothing: the last report stays as it was, rather than be replaced by checks that
/// never finished. A stored report that cannot be decoded (written by a later version) reads as no report, with
/// a warning from the storage.
///
/// For example, at launch and from a "Refresh Status" button:
///
/// ```swift
/// let status = SystemStatus(runner: runner, storage: storage, logger: logger)
/// let report = try await status.refresh()
/// let line = LastCheckedFormatter().string(checkedAt: report.checkedAt, now: Date())
/// ```
public actor SystemStatus {
    /// The name the report is stored under unless told otherwise.
    public static let defaultKey = "permit.system"

    /// The key the report is stored under.
    public nonisolated let key: StorageKey<SystemReport>
    /// Keeps the report (and the banner's dismissals).
    nonisolated let storage: PermitStorage
    private let runner: SystemCheckRunner
    private let logger: Logger
    /// The run under way, which later calls join.
    private var running: SharedResult<SystemReport>?

    /// Creates the status; nothing runs until ``refresh()``.
    ///
    /// - Parameters:
    ///   - runner: Runs the checks.
    ///   - storage: Keeps the report.
    ///   - key: The name the report is stored under. Default: ``defaultKey``.
    ///   - logger: Receives an unsaved report at `warning`.
    public init(runner: SystemCheckRunner, storage: PermitStorage, key: String = defaultKey, logger: Logger) {
        self.runner = runner
        self.storage = storage
        self.key = StorageKey(key)
        self.logger = logger
    }

    /// The last stored report, or `nil` when the checks never ran (or the stored one cannot be read).
    public func lastReport() async -> SystemReport? {
        await storage.value(for: key)
    }

    /// Runs the checks now, stores the report and returns it.
    ///
    /// A report that cannot be stored is still returned; the failure is logged.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled before the report is complete. A call
    ///   made while a run is under way joins it: when the call that started the run is cancelled, the run stops
    ///   and every call waiting on it throws; a call that joined and is cancelled stops waiting, and the run goes
    ///   on for the others.
    @discardableResult
    public func refresh() async throws -> SystemReport {
        if let running { return try await running.result().get() }
        let run = SharedResult<SystemReport>()
        running = run
        defer { running = nil }
        do {
            let report = try await runAndStore()
            run.set(.success(report))
            return report
        } catch {
            run.set(.failure(error))
            throw error
        }
    }

    /// How many calls wait on the run under way (not counting the call running it): for tests.
    package var joinedCalls: Int {
        running?.waiterCount ?? 0
    }

    private func runAndStore() async throws -> SystemReport {
        let report = try await runner.run()
        do {
            try await storage.setValue(report, for: key)
        } catch {
            logger.warning("system report not stored", metadata: ["key": "\(key.name)", "error": "\(error)"])
        }
        return report
    }
}
