import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

extension RegistryStorageContract {
    /// A record whose notifications are in `state` with `on` the only settings on (`nil`: none reported).
    static func record(_ installation: String, notifications state: ReportedState?, on: Set<NotificationSettings.Setting>?) -> InstallationRecord {
        var made = record(installation, states: state.map { ["notifications": $0] } ?? [:])
        made.notificationSettings = on.map(NotificationSettings.init(enabled:))
        return made
    }

    /// The contract's checks of notification settings (``NotificationSettings``).
    static let notificationChecks: [ContractCheck] = [
        ContractCheck(name: "notification settings read back on every way of writing, and silent-only installations are counted") { storage in
            #expect(try await storage.notificationCounts() == NotificationCounts(known: 0, silentOnly: 0))
            let records = [
                record("silent", notifications: .granted, on: [.critical, .summary]),  // silent only
                record("alerts", notifications: .granted, on: [.alerts]),
                record("off", notifications: .notUsable, on: []),
                record("unreported", notifications: .granted, on: nil),
                record("no-state", notifications: nil, on: []),  // settings, but no notifications state: unknown
            ]
            // New installations together: the INSERT of many rows.
            try await storage.save(records.map { RegistryWrite(record: $0, counts: [:], day: "2026-06-01", precondition: .absent) })
            for saved in records {
                let stored = try #require(try await storage.record(installation: saved.installation))
                #expect(stored == saved, "\(saved.installation)")
            }
            #expect(try await storage.records(installations: ["silent"])["silent"]?.silentOnly == true)
            #expect(try await storage.notificationCounts() == NotificationCounts(known: 3, silentOnly: 1))

            // Over a revision (a report's write): the settings change, and so does the count.
            let silent = try #require(try await storage.record(installation: "silent"))
            var louder = silent
            louder.notificationSettings = NotificationSettings(enabled: [.sounds])
            try await storage.save(louder, adding: [:], on: "2026-06-01", precondition: .revision(silent.revision))
            #expect(try await storage.record(installation: "silent")?.notificationSettings == NotificationSettings(enabled: [.sounds]))
            #expect(try await storage.notificationCounts() == NotificationCounts(known: 3, silentOnly: 0))

            // Over whatever is stored (a tool's write), and one alone: the single-row statements.
            try await storage.save(record("alerts", notifications: .granted, on: []), adding: [:], on: "2026-06-01")
            try await storage.save(record("new", notifications: .granted, on: []), adding: [:], on: "2026-06-01", precondition: .absent)
            #expect(try await storage.record(installation: "alerts")?.silentOnly == true)
            #expect(try await storage.record(installation: "new")?.silentOnly == true)
            #expect(try await storage.notificationCounts() == NotificationCounts(known: 4, silentOnly: 2))

            // What reports never change by themselves keeps the settings.
            #expect(try await storage.removeToken("tok-1") == 6)
            #expect(try await storage.record(installation: "new")?.notificationSettings == NotificationSettings(enabled: []))
            #expect(try await storage.deleteInstallation("new"))
            #expect(try await storage.notificationCounts() == NotificationCounts(known: 3, silentOnly: 1))
        },
    ]

    /// Every check of the contract.
    static var allChecks: [ContractCheck] { checks + notificationChecks }
}

/// A registry written by the schema before notification settings (token health, issue 35: the schema of main
/// before issue 39), migrated in place: every installation's settings unknown until it reports them.
enum NotificationSettingsMigrationFixture {
    /// The installations table exactly as that version created it, and two rows written with its own statement.
    static let schemaAndRows = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_installations (
                installation TEXT PRIMARY KEY, token TEXT, platform TEXT NOT NULL,
                first_seen BIGINT NOT NULL, last_seen BIGINT NOT NULL, states TEXT NOT NULL,
                counted TEXT, revision BIGINT NOT NULL DEFAULT 0, proven BIGINT NOT NULL DEFAULT 0,
                environment TEXT, token_registered BIGINT, quarantined BIGINT NOT NULL DEFAULT 0)
            """),
        SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states, counted, revision, \
            proven, environment, token_registered, quarantined)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12), ($13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
            ON CONFLICT (installation) DO NOTHING
            """,
            [.text("field-1"), .text("tok-1"), .text("ios"), .integer(1_700_000_000), .integer(1_779_990_000),
             .text(#"{"notifications":"granted"}"#), .text(#"{"notifications":{"answered":"2026-05-01"}}"#), .integer(42),
             .integer(0), .text("sandbox"), .integer(1_779_990_000), .integer(0),
             .text("field-2"), .null, .text("android"), .integer(1_700_000_000), .integer(1_779_000_000),
             .text("{}"), .text("{}"), .integer(7), .integer(0), .null, .null, .integer(0)]),
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
        try await Fleet.run(on: engine) { fleet in
            let migrated = try #require(try await fleet.storage.record(installation: "field-1"))
            #expect(migrated.token == "tok-1" && migrated.revision == 42 && migrated.environment == .sandbox)
            #expect(migrated.states == ["notifications": .granted])
            #expect(migrated.notificationSettings == nil && migrated.silentOnly == nil)
            #expect(try await fleet.storage.record(installation: "field-2")?.silentOnly == nil)
            #expect(try await fleet.storage.notificationCounts() == NotificationCounts(known: 0, silentOnly: 0))

            // Its first report of the settings (a cookie, so its token stays) records them, over the migrated row.
            #expect(try await fleet.a.record(InstallationReport(
                installation: "field-1", states: ["notifications": .granted], notifications: NotificationSettings(enabled: []))))
            let reported = try #require(try await fleet.storage.record(installation: "field-1"))
            #expect(reported.silentOnly == true && reported.token == "tok-1" && reported.counted == migrated.counted)
            #expect(try await fleet.storage.notificationCounts() == NotificationCounts(known: 1, silentOnly: 1))
            // A change of the settings alone, through the other server, is written over the reported row.
            #expect(try await fleet.b.record(InstallationReport(installation: "field-1", notifications: NotificationSettings(enabled: [.badges]))))
            #expect(try await fleet.storage.record(installation: "field-1")?.silentOnly == false)
        }
    }
}

@Suite struct SQLiteNotificationSettingsMigrationTests {
    @Test func aRegistryWithoutNotificationSettingsIsMigratedInPlace() async throws {
        try await MigrationRun.onSQLite(NotificationSettingsMigrationFixture.check)
    }
}

@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresNotificationSettingsMigrationTests {
    @Test func aRegistryWithoutNotificationSettingsIsMigratedInPlace() async throws {
        try await MigrationRun.onPostgres(NotificationSettingsMigrationFixture.check)
    }
}
