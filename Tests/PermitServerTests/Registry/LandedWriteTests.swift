import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// A commit whose answer is lost: the transaction is durable, and the executor reports a failure anyway (the
/// database deadline passed, or the connection dropped after COMMIT). The storage then finds the row it wrote
/// and calls it a conflict. Before, the registry planned the report again over its own row, which now proved the
/// installation, and refused it: a 403 to a client whose write had landed (seen under a PostgreSQL outage).
@Suite struct LandedWriteTests {
    /// An executor that commits each transaction, then throws for the first `lostAnswers` of them.
    final class LostAnswerExecutor: SQLExecutor {
        let base: any SQLExecutor
        private let remaining: Locked<Int>

        init(_ base: any SQLExecutor, lostAnswers: Int) {
            self.base = base
            remaining = Locked(lostAnswers)
        }

        func rows(_ statement: SQLStatement) async throws -> [[SQLValue]] { try await base.rows(statement) }

        func transaction(_ statements: [SQLStatement]) async throws -> Int {
            let changed = try await base.transaction(statements)
            if remaining.withLock({ $0 -= 1; return $0 >= 0 }) {
                throw ServerError.storageTimedOut.withDetail("the database did not answer within the deadline")
            }
            return changed
        }

        var schemaLock: SQLStatement? { base.schemaLock }
    }

    @Test func aNativeReportWhoseCommitAnswerWasLostIsAcknowledgedNotRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
        do {
            try await SQLRegistryStorage(executor: base).prepare()
            let storage = SQLRegistryStorage(executor: LostAnswerExecutor(base, lostAnswers: 1))
            let registry = TokenRegistry(storage: storage, logger: .quiet)
            let report = InstallationReport(
                installation: "fresh", token: "token-fresh", platform: .ios, states: ["camera": .granted], proof: .claim)
            #expect(try await registry.record(report))
            let stored = try #require(try await storage.record(installation: "fresh"))
            #expect(stored.token == "token-fresh" && stored.proven)
        } catch {
            try? await base.close()
            throw error
        }
        try await base.close()
    }
}
