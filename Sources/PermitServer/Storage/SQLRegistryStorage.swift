package import Foundation

/// The registry's storage on an SQL engine: all of its SQL, in the dialect SQLite and PostgreSQL share, run
/// through an ``SQLExecutor`` with every value bound as a parameter.
///
/// Installations live in `permit_installations` (one row each, the latest states as JSON), the daily grant
/// counts in `permit_grant_days`; indexes on `last_seen` and `token` keep pruning and token removal fast.
package struct SQLRegistryStorage: RegistryStorage {
    private let executor: any SQLExecutor

    /// Creates the storage over `executor`; call ``prepare()`` before the first use.
    package init(executor: any SQLExecutor) {
        self.executor = executor
    }

    // MARK: - Schema

    package func prepare() async throws {
        // Several server processes may start at once on one PostgreSQL: CREATE TABLE IF NOT EXISTS is not
        // safe to race there, so the engine's schema lock goes first.
        try await executor.transaction((executor.schemaLock.map { [$0] } ?? []) + [
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
        ])
    }

    // MARK: - Installations

    package func record(installation: String) async throws -> InstallationRecord? {
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT installation, token, platform, first_seen, last_seen, states
            FROM permit_installations WHERE installation = $1
            """, [.text(installation)]))
        return try rows.first.map(Self.record(row:))
    }

    package func save(_ writes: [RegistryWrite]) async throws {
        guard !writes.isEmpty else { return }
        // Rows are touched in one order, installations then days and kinds, sorted, so that two batches of
        // several servers cannot deadlock; the batch's counts are added up per day and kind first.
        var statements = try writes.sorted { $0.record.installation < $1.record.installation }.map { write in
            try Self.installationStatement(write.record)
        }
        var totals: [String: [String: GrantCounts]] = [:]
        for write in writes {
            for (kind, count) in write.counts where !count.isEmpty {
                totals[write.day, default: [:]][kind, default: GrantCounts()].add(count)
            }
        }
        for (day, kinds) in totals.sorted(by: { $0.key < $1.key }) {
            for (kind, count) in kinds.sorted(by: { $0.key < $1.key }) {
                statements.append(Self.grantStatement(day: day, kind: kind, count: count))
            }
        }
        try await executor.transaction(statements)
    }

    /// The upsert of `record`.
    private static func installationStatement(_ record: InstallationRecord) throws -> SQLStatement {
        SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (installation) DO UPDATE SET token = excluded.token, platform = excluded.platform,
                last_seen = excluded.last_seen, states = excluded.states
            """,
            [
                .text(record.installation), record.token.map(SQLValue.text) ?? .null, .text(record.platform.rawValue),
                .integer(seconds(record.firstSeen)), .integer(seconds(record.lastSeen)),
                .text(try encode(record.states)),
            ])
    }

    /// The statement that adds `count` to `kind`'s aggregates of `day`.
    private static func grantStatement(day: String, kind: String, count: GrantCounts) -> SQLStatement {
        SQLStatement(
            """
            INSERT INTO permit_grant_days (day, kind, asked, granted, denied, changed_mind)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (day, kind) DO UPDATE SET asked = permit_grant_days.asked + excluded.asked,
                granted = permit_grant_days.granted + excluded.granted,
                denied = permit_grant_days.denied + excluded.denied,
                changed_mind = permit_grant_days.changed_mind + excluded.changed_mind
            """,
            [
                .text(day), .text(kind), .integer(Int64(count.asked)), .integer(Int64(count.granted)),
                .integer(Int64(count.denied)), .integer(Int64(count.changedMind)),
            ])
    }

    package func removeToken(_ token: String) async throws -> Int {
        try await executor.transaction([
            SQLStatement("UPDATE permit_installations SET token = NULL WHERE token = $1", [.text(token)]),
        ])
    }

    package func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int {
        try await executor.transaction([
            SQLStatement(
                "DELETE FROM permit_installations WHERE last_seen < $1 OR (platform = $2 AND last_seen < $3)",
                [.integer(Self.seconds(cutoff)), .text(Platform.android.rawValue), .integer(Self.seconds(androidCutoff))]),
        ])
    }

    /// Adds `count` synthetic installations (`stale-1`…, iOS, with a token, no states) last seen at `lastSeen`,
    /// in one statement: how `permit bench server` fills the registry before timing a prune.
    package func insertSyntheticInstallations(count: Int, lastSeen: Date) async throws {
        try await executor.transaction([
            SQLStatement(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
                INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states)
                SELECT 'stale-' || i, 'stale-token-' || i, $2, $3, $3, '{}' FROM n
                """, [.integer(Int64(count)), .text(Platform.ios.rawValue), .integer(Self.seconds(lastSeen))]),
        ])
    }

    package func tokenCount() async throws -> Int {
        let rows = try await executor.rows(SQLStatement(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM permit_installations WHERE token IS NOT NULL"))
        return Int(rows.first?.first?.integer ?? 0)
    }

    // MARK: - Grant rates

    package func grantDays(from first: String, through last: String) async throws -> [GrantDay] {
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT day, kind, asked, granted, denied, changed_mind FROM permit_grant_days
            WHERE day >= $1 AND day <= $2 ORDER BY day, kind
            """, [.text(first), .text(last)]))
        return try rows.map { row in
            guard row.count == 6, let day = row[0].text, let kind = row[1].text,
                let asked = row[2].integer, let granted = row[3].integer, let denied = row[4].integer,
                let changed = row[5].integer
            else { throw ServerError.storageCorrupt.withDetail("a grant-day row of unexpected shape") }
            return GrantDay(day: day, kind: kind, counts: GrantCounts(
                asked: Int(asked), granted: Int(granted), denied: Int(denied), changedMind: Int(changed)))
        }
    }

    // MARK: - Coding

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    private static func encode(_ states: [String: ReportedState]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(states), as: UTF8.self)
    }

    private static func record(row: [SQLValue]) throws -> InstallationRecord {
        guard row.count == 6, let installation = row[0].text, let platform = row[2].text.flatMap(Platform.init),
            let first = row[3].integer, let last = row[4].integer, let json = row[5].text,
            let states = try? JSONDecoder().decode([String: ReportedState].self, from: Data(json.utf8))
        else { throw ServerError.storageCorrupt.withDetail("an installation row of unexpected shape") }
        return InstallationRecord(
            installation: installation, token: row[1].text, platform: platform,
            firstSeen: Date(timeIntervalSince1970: TimeInterval(first)),
            lastSeen: Date(timeIntervalSince1970: TimeInterval(last)), states: states)
    }
}
