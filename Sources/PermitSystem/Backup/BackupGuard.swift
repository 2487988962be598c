public import Foundation
public import Logging

/// Asks before a backup is written whether it can succeed, so that it fails at once with a typed error
/// instead of half-way.
///
/// ``ensureBackupPossible()`` runs the documents probe and the free-space check now (never a stale
/// result), and throws ``SystemError/documentsNotAccessible`` when the documents directory cannot be
/// written and read back, or ``SystemError/lowSpace`` when its volume is short of space. ``check(_:)``
/// applies the same rule to a report the app already has.
///
/// For example:
///
/// ```swift
/// let backupGuard = BackupGuard(documents: documentsURL, minimumFreeSpace: 200_000_000, logger: logger)
/// func backUp() async throws {
///     try await backupGuard.ensureBackupPossible()   // throws SystemError.documentsNotAccessible
///     try writeBackup(to: documentsURL)
/// }
/// ```
public struct BackupGuard: Sendable {
    private let runner: SystemCheckRunner
    private let logger: Logger

    /// Creates a guard for backups written to `documents`.
    ///
    /// - Parameters:
    ///   - documents: The directory backups are written to.
    ///   - minimumFreeSpace: The free bytes a backup needs. Default: ``FreeSpaceCheck/defaultMinimumBytes``.
    ///   - fileSystem: The file operations the checks use.
    ///   - timeout: How long to wait for the checks; a check that takes longer counts as failed.
    ///   - clock: The clock the timeout is measured on.
    ///   - logger: Receives a refused backup at `warning`.
    public init(
        documents: URL,
        minimumFreeSpace: Int64 = FreeSpaceCheck.defaultMinimumBytes,
        fileSystem: any DocumentsFileSystem = LocalFileSystem(),
        timeout: Duration = .seconds(10),
        clock: some Clock<Duration> = ContinuousClock(),
        logger: Logger
    ) {
        self.runner = SystemCheckRunner(
            checks: [
                DocumentsAccessCheck(directory: documents, fileSystem: fileSystem),
                FreeSpaceCheck(directory: documents, minimumBytes: minimumFreeSpace, fileSystem: fileSystem),
            ],
            timeout: timeout, clock: clock, logger: logger)
        self.logger = logger
    }

    /// Checks the documents directory and its free space now; returns when a backup can be written.
    ///
    /// - Throws: ``SystemError/documentsNotAccessible`` or ``SystemError/lowSpace``, with the check's
    ///   finding as detail; `CancellationError` when the calling task is cancelled, which says nothing about
    ///   the documents directory.
    public func ensureBackupPossible() async throws {
        try Task.checkCancellation()
        let report = try await runner.run()
        try Task.checkCancellation()
        do {
            try Self.check(report)
        } catch {
            logger.warning("backup refused", metadata: ["reason": "\(error)"])
            throw error
        }
    }

    /// Applies the guard's rule to `report`: the documents check must have passed, and the free-space check
    /// must not have failed.
    ///
    /// - Throws: ``SystemError/documentsNotAccessible`` when the documents check did not pass or did not
    ///   run; ``SystemError/lowSpace`` when the free-space check failed.
    public static func check(_ report: SystemReport) throws {
        guard let documents = report.result(for: .documents), documents.isOK else {
            throw SystemError.documentsNotAccessible.withDetail(
                report.result(for: .documents)?.detail ?? "the documents directory was not checked")
        }
        if let freeSpace = report.result(for: .freeSpace), freeSpace.outcome == .failed {
            throw SystemError.lowSpace.withDetail(freeSpace.detail)
        }
    }
}
