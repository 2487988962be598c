import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// A registry written by Permit before the record had a revision (the schema of 4b23a35), migrated in place.
enum MigrationFixture {
    /// The tables exactly as 4b23a35 created them.
    static let oldSchema = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_installations (
                installation TEXT PRIMARY KEY, token TEXT, platform TEXT NOT NULL,
                first_seen BIGINT NOT NULL, last_seen BIGINT NOT NULL, states TEXT NOT NULL)
            """),
        SQLStatement("CREATE INDEX IF NOT EXISTS permit_installations_last_seen ON permit_installations (last_seen)"),
        SQLStatement("CREATE INDEX IF NOT EXISTS permit_installations_token ON permit_installations (token)"),
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_grant_days (
                day TEXT NOT NULL, kind TEXT NOT NULL, asked BIGINT NOT NULL, granted BIGINT NOT NULL,
                denied BIGINT NOT NULL, changed_mind BIGINT NOT NULL, PRIMARY KEY (day, kind))
            """),
    ]

    /// Rows as 4b23a35 wrote them, with its own statements: two installations and a day counted under its rules
    /// (more granted than asked, as a cookie's `no` turning `yes` added a grant and no question).
    static let oldRows = [
        SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (installation) DO UPDATE SET token = excluded.token, platform = excluded.platform,
                last_seen = excluded.last_seen, states = excluded.states
            """,
            [.text("inst-a"), .text("tok-a"), .text("ios"), .integer(1_700_000_000), .integer(1_779_990_000),
             .text(#"{"camera":"granted","location":"notUsable"}"#)]),
        SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (installation) DO UPDATE SET token = excluded.token, platform = excluded.platform,
                last_seen = excluded.last_seen, states = excluded.states
            """,
            [.text("inst-b"), .null, .text("android"), .integer(1_700_000_000), .integer(1_700_000_000),
             .text(#"{"camera":"denied"}"#)]),
        SQLStatement(
            """
            INSERT INTO permit_grant_days (day, kind, asked, granted, denied, changed_mind)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (day, kind) DO UPDATE SET asked = permit_grant_days.asked + excluded.asked,
                granted = permit_grant_days.granted + excluded.granted,
                denied = permit_grant_days.denied + excluded.denied,
                changed_mind = permit_grant_days.changed_mind + excluded.changed_mind
            """,
            [.text("2026-05-01"), .text("camera"), .integer(3), .integer(5), .integer(1), .integer(2)]),
    ]

    /// Writes the old tables and rows through `executor`, then checks the registry `engine` opens on them.
    ///
    /// `startsAtOnce` servers open the registry at the same time first.
    static func check(_ executor: any SQLExecutor, engine: RegistryEngine, startsAtOnce: Int) async throws {
        try await executor.transaction(oldSchema)
        try await executor.transaction(oldRows)

        // Several servers of the new version start at once on the old registry: one migrates it, the others find
        // it migrated, whichever comes first.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<startsAtOnce {
                group.addTask { try await engine.withStorage(logger: .quiet) { _ in } }
            }
            try await group.waitForAll()
        }

        try await Fleet.run(on: engine) { fleet in
            let a = try #require(try await fleet.storage.record(installation: "inst-a"))
            #expect(a.token == "tok-a" && a.platform == .ios)
            #expect(a.firstSeen == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(a.lastSeen == Date(timeIntervalSince1970: 1_779_990_000))
            #expect(a.states == ["camera": .granted, "location": .notUsable])
            #expect(!a.proven)  // an installation of the old registry never proved itself
            let b = try #require(try await fleet.storage.record(installation: "inst-b"))
            #expect(b.token == nil && b.platform == .android && b.states == ["camera": .denied])
            #expect(try await fleet.storage.tokenCount() == 1)

            // The old day reads with asked, granted and denied from one definition: never more granted than asked.
            let old = try #require(try await fleet.storage.grantDays(from: "2026-05-01", through: "2026-05-01").first)
            #expect([old.counts.asked, old.counts.granted, old.counts.denied, old.counts.changedMind] == [6, 5, 1, 2] as [Int])

            // A migrated record takes part in the servers' concurrency check: A's copy, read before B's change,
            // is not written back over it. Its first native report (through B) proves it; then only its proof writes.
            #expect(try await !fleet.a.record(InstallationReport(installation: "inst-a", states: ["camera": .granted])))
            try await fleet.b.record(InstallationReport(installation: "inst-a", token: "tok-a2", proof: .claim))
            let proof = InstallationReport.Proof.presented(try await fleet.a.installationProofs().proof(for: "inst-a"))
            try await fleet.a.record(InstallationReport(installation: "inst-a", states: ["microphone": .granted], proof: proof))
            let written = try #require(try await fleet.storage.record(installation: "inst-a"))
            #expect(written.token == "tok-a2" && written.proven)
            #expect(written.states == ["camera": .granted, "location": .notUsable, "microphone": .granted])

            // Its camera was answered before the migration: a cookie's no, then yes, is a change of mind, not a
            // second answer.
            try await fleet.a.record(InstallationReport(installation: "inst-a", states: ["camera": .notUsable], proof: proof))
            try await fleet.a.record(InstallationReport(installation: "inst-a", states: ["camera": .granted], proof: proof))
            let today = try await fleet.storage.grantDays(from: "2026-05-28", through: "2026-05-28")
            let camera = try #require(today.first { $0.kind == "camera" })
            #expect([camera.counts.asked, camera.counts.granted, camera.counts.denied, camera.counts.changedMind] == [0, 0, 0, 1] as [Int])
        }
    }
}

@Suite struct SQLiteMigrationTests {
    @Test func aRegistryOfTheOldSchemaIsMigratedInPlace() async throws {
        try await MigrationRun.onSQLite(MigrationFixture.check)
    }
}

@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresMigrationTests {
    @Test func aRegistryOfTheOldSchemaIsMigratedInPlace() async throws {
        try await MigrationRun.onPostgres(MigrationFixture.check)
    }
}
