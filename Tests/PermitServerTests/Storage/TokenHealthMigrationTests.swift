import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// A registry written before token health (issue 31's schema: proofs, no environment, registration time or
/// quarantine), migrated in place: each token's last registration is taken as its installation's last seen.
enum TokenHealthMigrationFixture {
    /// The installations table exactly as that version created it, and two rows it wrote.
    static let schemaAndRows = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_installations (
                installation TEXT PRIMARY KEY, token TEXT, platform TEXT NOT NULL,
                first_seen BIGINT NOT NULL, last_seen BIGINT NOT NULL, states TEXT NOT NULL,
                counted TEXT, revision BIGINT NOT NULL DEFAULT 0, proven BIGINT NOT NULL DEFAULT 0)
            """),
        SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states, counted, revision, proven)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, $11, $12, $13, $14, $15, $16, $17, $18)
            """,
            [.text("with-token"), .text("tok-1"), .text("ios"), .integer(1_700_000_000), .integer(1_779_990_000),
             .text(#"{"notifications":"granted"}"#), .text("{}"), .integer(42), .integer(1),
             .text("without-token"), .null, .text("android"), .integer(1_700_000_000), .integer(1_779_000_000),
             .text("{}"), .text("{}"), .integer(7), .integer(0)]),
    ]

    /// Writes the table and rows through `executor`, then checks the registry `engine` opens on them.
    static func check(_ executor: any SQLExecutor, engine: RegistryEngine, startsAtOnce: Int) async throws {
        try await executor.transaction(schemaAndRows)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<startsAtOnce {
                group.addTask { try await engine.withStorage(logger: .quiet) { _ in } }
            }
            try await group.waitForAll()
        }
        try await engine.withStorage(logger: .quiet) { storage in
            let migrated = try #require(try await storage.record(installation: "with-token"))
            #expect(migrated.token == "tok-1" && migrated.proven && migrated.revision == 42)
            #expect(migrated.tokenRegistered == Date(timeIntervalSince1970: 1_779_990_000))
            #expect(migrated.environment == nil && !migrated.quarantined)
            let other = try #require(try await storage.record(installation: "without-token"))
            #expect(other.tokenRegistered == nil && !other.quarantined)

            // An APNs 410 older than that registration keeps the token; a later one removes it.
            #expect(try await storage.removeToken("tok-1", unregisteredAt: Date(timeIntervalSince1970: 1_779_989_000)) == 0)
            #expect(try await storage.quarantineToken("tok-1") == 1)
            #expect(try await storage.record(installation: "with-token")?.quarantined == true)
            #expect(try await storage.removeToken("tok-1", unregisteredAt: Date(timeIntervalSince1970: 1_779_990_001)) == 1)
            #expect(try await storage.record(installation: "with-token")?.token == nil)
        }
    }
}

@Suite struct SQLiteTokenHealthMigrationTests {
    @Test func aRegistryWithoutTokenHealthIsMigratedInPlace() async throws {
        try await MigrationRun.onSQLite(TokenHealthMigrationFixture.check)
    }
}

@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresTokenHealthMigrationTests {
    @Test func aRegistryWithoutTokenHealthIsMigratedInPlace() async throws {
        try await MigrationRun.onPostgres(TokenHealthMigrationFixture.check)
    }
}
