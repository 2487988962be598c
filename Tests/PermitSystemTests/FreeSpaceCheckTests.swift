import Foundation
import PermitSystem
import Testing

@Suite(.timeLimit(.minutes(3))) struct FreeSpaceCheckTests {
    let logger = makeTestLogger().0

    @Test func theRealDiskReportsItsFreeSpace() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let free = try LocalFileSystem().availableCapacity(at: world.root)
        #expect(free > 0)

        let enough = try await FreeSpaceCheck(directory: world.root, minimumBytes: 1).run()
        let tooMuch = try await FreeSpaceCheck(directory: world.root, minimumBytes: .max).run()

        #expect(enough.outcome == .passed)
        #expect(tooMuch.outcome == .failed)
    }

    @Test func aMissingDirectoryIsMeasuredOnItsNearestExistingParent() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let fileSystem = MeasuringFileSystem(freeBytes: 42_500_000)

        let finding = try await FreeSpaceCheck(
            directory: world.url("a/b/c"), minimumBytes: 100_000_000, fileSystem: fileSystem
        ).run()

        #expect(fileSystem.measured.map(\.path) == [world.root.standardizedFileURL.path])
        #expect(finding == .failed("42.5 MB free; at least 100 MB needed"))
        #expect(LocalFileSystem().isDirectory(at: world.url("a")) == nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc"))
    func aVolumeThatReportsNoSizeCouldNotDetermineAndRaisesNothing() async throws {
        // /proc reports a total size of zero: "0 bytes free" there says nothing about the disk.
        let proc = URL(fileURLWithPath: "/proc", isDirectory: true)
        #expect(throws: SystemError.couldNotDetermine) { try LocalFileSystem().availableCapacity(at: proc) }

        let report = try await SystemCheckRunner(checks: [FreeSpaceCheck(directory: proc)], timeout: patientTimeout, logger: logger).run()

        #expect(report.result(for: .freeSpace)?.outcome == .couldNotDetermine)
        #expect(report.result(for: .freeSpace)?.detail == "the check failed: could not determine: the volume reports no size")
        #expect(report.warnings.isEmpty)
    }

    @Test func lowSpaceWarnsAndTheGuardRefuses() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = try world.directory("Documents")
        let fileSystem = FaultyFileSystem(.freeBytes(42_500_000))
        let check = FreeSpaceCheck(directory: documents, minimumBytes: 100_000_000, fileSystem: fileSystem)

        let report = try await SystemCheckRunner(checks: [check], timeout: patientTimeout, logger: logger).run()

        #expect(report.result(for: .freeSpace)?.outcome == .failed)
        #expect(report.result(for: .freeSpace)?.detail == "42.5 MB free; at least 100 MB needed")
        #expect(report.warnings == [.lowFreeSpace])
        #expect(!report.hasCriticalWarning)
        let backupGuard = BackupGuard(
            documents: documents, minimumFreeSpace: 100_000_000, fileSystem: fileSystem, logger: logger)
        await #expect(throws: SystemError.lowSpace) { try await backupGuard.ensureBackupPossible() }
        let roomy = BackupGuard(
            documents: documents, minimumFreeSpace: 42_500_000, fileSystem: fileSystem, logger: logger)
        try await roomy.ensureBackupPossible()
        #expect(try world.listing(documents).isEmpty)
    }

    @Test func theGuardRefusesAReportWithoutADocumentsCheck() throws {
        let report = SystemReport(checkedAt: referenceDate, results: [])
        #expect(throws: SystemError.documentsNotAccessible) { try BackupGuard.check(report) }
    }
}
