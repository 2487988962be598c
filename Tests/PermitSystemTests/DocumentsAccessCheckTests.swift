import Clocks
import Foundation
import PermitSystem
import Testing

@Suite(.timeLimit(.minutes(3))) struct DocumentsAccessCheckTests {
    let logger = makeTestLogger().0

    func run(_ check: some SystemCheck) async throws -> SystemReport {
        try await SystemCheckRunner(checks: [check], timeout: patientTimeout, now: { referenceDate }, logger: logger).run()
    }

    @Test func aWritableDirectoryPassesAndTheProbeLeavesNothingBehind() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = try world.directory("Documents")
        try Data("kept".utf8).write(to: documents.appendingPathComponent("backup.json"))
        let before = try world.listing(documents)

        let finding = try await DocumentsAccessCheck(directory: documents).run()

        #expect(finding == .passed("read and write work"))
        #expect(try world.listing(documents) == before)
        #expect(before == ["backup.json"])
    }

    @Test func probesRunningAtOnceDoNotCollideAndLeaveNothingBehind() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = try world.directory("Documents")
        let check = DocumentsAccessCheck(directory: documents)

        let findings = await withTaskGroup(of: SystemCheckFinding?.self) { group in
            for _ in 0..<8 { group.addTask { try? await check.run() } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(findings.count == 8)
        #expect(findings.allSatisfy { $0?.outcome == .passed })
        #expect(try world.listing(documents).isEmpty)
    }

    @Test func aFileWhereTheDirectoryShouldBeIsCannotAccessStorageAndTheGuardRefuses() async throws {
        // Root ignores permission bits, so the unwritable directory is one the kernel cannot create: its
        // parent is a regular file.
        let world = try TempWorld()
        defer { world.tearDown() }
        let file = world.url("not-a-directory")
        try Data("x".utf8).write(to: file)
        let documents = file.appendingPathComponent("Documents", isDirectory: true)

        let report = try await run(DocumentsAccessCheck(directory: documents))

        let result = try #require(report.result(for: .documents))
        #expect(result.outcome == .failed)
        #expect(result.detail == "the documents directory does not exist and cannot be created: Not a directory")
        #expect(report.warnings == [.cannotAccessStorage])
        #expect(report.warnings.first?.severity == .critical)
        #expect(report.hasCriticalWarning)
        #expect(throws: SystemError.documentsNotAccessible) { try BackupGuard.check(report) }

        let backupGuard = BackupGuard(documents: documents, minimumFreeSpace: 1, logger: logger)
        await #expect(throws: SystemError.documentsNotAccessible) { try await backupGuard.ensureBackupPossible() }
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    @Test func aCancelledBackupGuardThrowsCancellationNotDocumentsNotAccessible() async throws {
        let fileSystem = BlockingFileSystem()
        defer { fileSystem.release() }
        let documents = FileManager.default.temporaryDirectory.appendingPathComponent("hung-mount", isDirectory: true)
        let backupGuard = BackupGuard(
            documents: documents, minimumFreeSpace: 1, fileSystem: fileSystem, clock: TestClock(), logger: logger)

        let attempt = Task { try await backupGuard.ensureBackupPossible() }
        await receive(2, from: fileSystem.entries)  // the probe and the free-space check are under way
        attempt.cancel()

        await #expect(throws: CancellationError.self) { try await attempt.value }
    }

    @Test func aDocumentsPathThatIsAFileFails() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let file = world.url("Documents")
        try Data("x".utf8).write(to: file)

        let finding = try await DocumentsAccessCheck(directory: file).run()

        #expect(finding == .failed("the documents path is not a directory"))
    }

    @Test func deniedWritesAreCannotAccessStorageAndLeaveNothingBehind() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = try world.directory("Documents")

        let report = try await run(DocumentsAccessCheck(directory: documents, fileSystem: FaultyFileSystem(.denyWrites)))

        let result = try #require(report.result(for: .documents))
        #expect(result.outcome == .failed)
        #expect(result.detail == "cannot write a test file: NSCocoaErrorDomain error 513")
        #expect(!result.detail.contains(documents.lastPathComponent) && !result.detail.contains(world.root.path))
        #expect(report.warnings == [.cannotAccessStorage])
        #expect(try world.listing(documents).isEmpty)
        let backupGuard = BackupGuard(
            documents: documents, minimumFreeSpace: 1, fileSystem: FaultyFileSystem(.denyWrites), logger: logger)
        await #expect(throws: SystemError.documentsNotAccessible) { try await backupGuard.ensureBackupPossible() }
    }

    @Test func aDirectoryWhereNothingCanBeCreatedFails() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = try world.directory("Documents")

        let finding = try await DocumentsAccessCheck(
            directory: documents, fileSystem: FaultyFileSystem(.denyCreatingDirectories)
        ).run()

        #expect(finding.outcome == .failed)
        #expect(finding.detail.hasPrefix("cannot create a test directory: "))
        #expect(try world.listing(documents).isEmpty)
    }

    @Test func aReadBackMismatchIsCaughtAndTheProbeStillCleansUp() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = try world.directory("Documents")

        let report = try await run(DocumentsAccessCheck(directory: documents, fileSystem: FaultyFileSystem(.corruptReads)))

        let result = try #require(report.result(for: .documents))
        #expect(result.outcome == .failed)
        #expect(result.detail.hasPrefix("the test file read back differs from what was written"))
        #expect(report.warnings == [.cannotAccessStorage])
        #expect(try world.listing(documents).isEmpty)
    }

    @Test func aMissingDirectoryIsCreatedAndProbed() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = world.url("Library/Application Support/app")

        let finding = try await DocumentsAccessCheck(directory: documents).run()

        #expect(finding == .passed("created the documents directory; read and write work"))
        #expect(LocalFileSystem().isDirectory(at: documents) == true)
        #expect(try world.listing(documents).isEmpty)
    }

    @Test func aMissingDirectoryIsReportedWhenItMustNotBeCreated() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let documents = world.url("Documents")

        let report = try await run(DocumentsAccessCheck(directory: documents, createsMissingDirectory: false))

        #expect(report.result(for: .documents)?.outcome == .failed)
        #expect(report.result(for: .documents)?.detail == "the documents directory does not exist")
        #expect(report.warnings == [.cannotAccessStorage])
        #expect(try world.listing(world.root).isEmpty)
    }
}
