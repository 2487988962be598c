import Foundation
import Logging
import PermitServer
import Testing

@Suite struct SQLiteExecutorTests {
    @Test func theFileIsInWALModeAndARecordSurvivesReopening() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        let record = InstallationRecord(installation: "inst-1", token: "tok", platform: .android,
                                        firstSeen: Date(timeIntervalSince1970: 1_780_000_000),
                                        lastSeen: Date(timeIntervalSince1970: 1_780_000_000), states: ["camera": .denied])
        let executor = try await SQLiteExecutor.open(path: path, logger: .quiet)
        #expect(try await executor.journalMode() == "wal")
        let storage = SQLRegistryStorage(executor: executor)
        try await storage.prepare()
        try await storage.save(record, adding: [:], on: "2026-05-28")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try await executor.close()

        let stored = try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) {
            try await $0.record(installation: "inst-1")
        }
        #expect(stored == record)
    }

    @Test func aFailedTransactionLeavesNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let executor = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
        try await executor.transaction([SQLStatement("CREATE TABLE t (v TEXT PRIMARY KEY)")])
        await #expect(throws: ServerError.storageFailed) {
            try await executor.transaction([
                SQLStatement("INSERT INTO t (v) VALUES ($1)", [.text("a")]),
                SQLStatement("INSERT INTO t (v) VALUES ($1)", [.text("a")]),
            ])
        }
        #expect(try await executor.rows(SQLStatement("SELECT COUNT(*) FROM t")) == [[.integer(0)]])
        try await executor.close()
    }
}
