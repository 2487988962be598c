import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// A registry written by Permit 1.1 before installation proofs (the fleet half of issue 31: revisions and counted
/// days, no `proven` column and no key table), migrated in place.
enum ProofMigrationFixture {
    /// The installations table exactly as that version created it, and one row it wrote.
    static let schemaAndRows = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_installations (
                installation TEXT PRIMARY KEY, token TEXT, platform TEXT NOT NULL,
                first_seen BIGINT NOT NULL, last_seen BIGINT NOT NULL, states TEXT NOT NULL,
                counted TEXT, revision BIGINT NOT NULL DEFAULT 0)
            """),
        SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states, counted, revision)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """,
            [.text("field-1"), .text("tok-1"), .text("ios"), .integer(1_700_000_000), .integer(1_779_990_000),
             .text(#"{"camera":"granted"}"#), .text(#"{"camera":{"answered":"2026-05-01"}}"#), .integer(42)]),
    ]

    /// Writes the table and row through `executor`, then checks the registry `engine` opens on them.
    static func check(_ executor: any SQLExecutor, engine: RegistryEngine, startsAtOnce: Int) async throws {
        try await executor.transaction(schemaAndRows)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<startsAtOnce {
                group.addTask { try await engine.withStorage(logger: .quiet) { _ in } }
            }
            try await group.waitForAll()
        }
        try await Fleet.run(on: engine) { fleet in
            let stored = try #require(try await fleet.storage.record(installation: "field-1"))
            #expect(stored.token == "tok-1" && stored.states == ["camera": .granted] && stored.revision == 42)
            #expect(!stored.proven)

            // The installation in the field is admitted without a proof, though its token stays, until its first
            // native report, which proves it.
            try await fleet.a.record(InstallationReport(installation: "field-1", token: "tok-x", states: ["location": .granted]))
            #expect(try await fleet.storage.record(installation: "field-1")?.token == "tok-1")
            try await fleet.b.record(InstallationReport(installation: "field-1", token: "tok-2", proof: .claim))
            let proven = try #require(try await fleet.storage.record(installation: "field-1"))
            #expect(proven.token == "tok-2" && proven.proven && proven.states == ["camera": .granted, "location": .granted])
            await #expect(throws: ServerError.proofRefused) {
                try await fleet.a.record(InstallationReport(installation: "field-1", states: ["camera": .notUsable]))
            }
        }
    }
}

@Suite struct SQLiteProofMigrationTests {
    @Test func aRegistryWithoutProofsIsMigratedInPlace() async throws {
        try await MigrationRun.onSQLite(ProofMigrationFixture.check)
    }
}

@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresProofMigrationTests {
    @Test func aRegistryWithoutProofsIsMigratedInPlace() async throws {
        try await MigrationRun.onPostgres(ProofMigrationFixture.check)
    }
}
