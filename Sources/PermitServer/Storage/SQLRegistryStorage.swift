package import Foundation
package import Logging

/// The registry's storage on an SQL engine: all of its SQL, in the dialect SQLite and PostgreSQL share, run
/// through an ``SQLExecutor`` with every value bound as a parameter.
///
/// Installations live in `permit_installations` (one row each, the latest states as JSON), the daily grant
/// counts in `permit_grant_days`; indexes on `last_seen` and `token` keep pruning and token removal fast.
/// ``RegistrySchema`` holds the tables and their migrations.
package struct SQLRegistryStorage: RegistryStorage {
    /// The engine; the push queue (``SQLRegistryStorage/pushQueue``) and token health share it.
    let executor: any SQLExecutor
    private let logger: Logger

    /// Creates the storage over `executor`; call ``prepare()`` before the first use.
    package init(executor: any SQLExecutor, logger: Logger = Logger(label: "permit.registry", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.executor = executor
        self.logger = logger
    }

    // MARK: - Schema

    package func prepare() async throws {
        // Several server processes may start at once on one PostgreSQL: CREATE TABLE IF NOT EXISTS is not
        // safe to race there, so the engine's schema lock goes first.
        let lock = executor.schemaLock.map { [$0] } ?? []
        try await executor.transaction(lock + RegistrySchema.tables)
        for migration in RegistrySchema.migrations {
            guard try await !isApplied(migration) else { continue }
            do {
                try await executor.transaction(lock + migration.statements)
                logger.info("registry migrated", metadata: ["migration": "\(migration.name)"])
            } catch {
                // Another process may have applied it while this one waited for the lock.
                guard try await isApplied(migration) else { throw error }
            }
        }
    }

    private func isApplied(_ migration: RegistrySchema.Migration) async throws -> Bool {
        do {
            _ = try await executor.rows(migration.probe)
            return true
        } catch {
            return false
        }
    }

    // MARK: - Installations

    package func record(installation: String) async throws -> InstallationRecord? {
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT \(Self.columns) FROM permit_installations WHERE installation = $1
            """, [.text(installation)]))
        return try rows.first.map(Self.record(row:))
    }

    package func records(installations: [String]) async throws -> [String: InstallationRecord] {
        let distinct = Array(Set(installations))
        var found: [String: InstallationRecord] = [:]
        for start in stride(from: 0, to: distinct.count, by: Self.readChunk) {
            let chunk = distinct[start..<min(start + Self.readChunk, distinct.count)]
            let placeholders = (1...chunk.count).map { "$\($0)" }.joined(separator: ", ")
            let rows = try await executor.rows(SQLStatement(
                "SELECT \(Self.columns) FROM permit_installations WHERE installation IN (\(placeholders))",
                chunk.map(SQLValue.text)))
            for row in rows {
                let record = try Self.record(row: row)
                found[record.installation] = record
            }
        }
        return found
    }

    package func save(_ writes: [RegistryWrite]) async throws {
        guard !writes.isEmpty else { return }
        // Rows are touched in one order, installations then days and kinds, sorted, so that two batches of
        // several servers cannot deadlock; the batch's counts are added up per day and kind first.
        let sorted = writes.sorted { $0.record.installation < $1.record.installation }
        var statements: [SQLStatement] = []
        // New installations that follow each other in that order go in one INSERT of many rows (one round trip
        // and one statement for the engine to run instead of one each); the others one statement each.
        var run: [RegistryWrite] = []
        for write in sorted {
            if write.precondition == .absent, run.count < Self.insertChunk {
                run.append(write)
                continue
            }
            if !run.isEmpty { statements.append(try Self.insertStatement(run)) }
            run = []
            if write.precondition == .absent { run.append(write) } else { statements.append(try Self.installationStatement(write)) }
        }
        if !run.isEmpty { statements.append(try Self.insertStatement(run)) }
        // A write whose precondition failed changed nothing, silently; the guard makes it fail the transaction.
        for start in stride(from: 0, to: sorted.count, by: Self.guardChunk) {
            statements.append(Self.guardStatement(sorted[start..<min(start + Self.guardChunk, sorted.count)]))
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
        do {
            try await executor.transaction(statements)
        } catch {
            let conflicts = try? await self.conflicts(among: sorted)
            if let conflicts, !conflicts.isEmpty { throw RegistryConflict(installations: conflicts) }
            throw error
        }
    }

    /// How many installations one SELECT reads at most.
    private static let readChunk = 500

    /// How many new installations one INSERT writes at most (14 values each, well under either engine's limit).
    private static let insertChunk = 500

    /// The statement that inserts the records of `writes`, new installations, each unless its installation is
    /// stored already (the guard statement then fails the transaction).
    private static func insertStatement(_ writes: [RegistryWrite]) throws -> SQLStatement {
        guard writes.count > 1 else { return try installationStatement(writes[0]) }
        var values: [SQLValue] = []
        var rows: [String] = []
        values.reserveCapacity(writes.count * columnCount)
        for write in writes {
            let row = try rowValues(write.record)
            rows.append("(" + (1...row.count).map { "$\(values.count + $0)" }.joined(separator: ", ") + ")")
            values += row
        }
        return SQLStatement(
            "INSERT INTO permit_installations (\(columns)) VALUES \(rows.joined(separator: ", ")) ON CONFLICT (installation) DO NOTHING",
            values)
    }

    /// The statement that writes `write`'s record if its precondition holds, and otherwise changes nothing.
    private static func installationStatement(_ write: RegistryWrite) throws -> SQLStatement {
        let record = write.record
        let row = try rowValues(record)
        switch write.precondition {
        case .absent:
            return SQLStatement(
                """
                INSERT INTO permit_installations (\(columns)) VALUES (\(placeholders(row.count)))
                ON CONFLICT (installation) DO NOTHING
                """, row)
        case .revision(let stored):
            // The first seen stays as stored; the row's values but the installation and the first seen, then
            // the installation and the stored revision.
            return SQLStatement(
                """
                UPDATE permit_installations SET token = $1, platform = $2, last_seen = $3, states = $4, counted = $5,
                    revision = $6, proven = $7, environment = $8, token_registered = $9, quarantined = $10,
                    notifications = $11, silent_only = $12
                WHERE installation = $13 AND revision = $14
                """,
                [row[1], row[2]] + row[4...] + [row[0], .integer(stored)])
        case .anything:
            return SQLStatement(
                """
                INSERT INTO permit_installations (\(columns)) VALUES (\(placeholders(row.count)))
                ON CONFLICT (installation) DO UPDATE SET token = excluded.token, platform = excluded.platform,
                    last_seen = excluded.last_seen, states = excluded.states, counted = excluded.counted,
                    revision = excluded.revision, proven = excluded.proven, environment = excluded.environment,
                    token_registered = excluded.token_registered, quarantined = excluded.quarantined,
                    notifications = excluded.notifications, silent_only = excluded.silent_only
                """, row)
        }
    }

    /// How many writes one guard statement checks. Its condition is a chain of `OR`s, one a write, and SQLite
    /// refuses an expression deeper than 1,000: a chunk of 499 failed the whole batch (500 was the value until
    /// a batch that large was tried), 400 did not.
    private static let guardChunk = 200

    /// A statement that fails, by inserting a row without a platform (`NOT NULL`), unless each of `writes`'
    /// records is stored with its revision: the one way to fail a transaction that both engines share.
    private static func guardStatement(_ writes: ArraySlice<RegistryWrite>) -> SQLStatement {
        var values: [SQLValue] = []
        var matches: [String] = []
        for write in writes {
            matches.append("(installation = $\(values.count + 1) AND revision = $\(values.count + 2))")
            values += [.text(write.record.installation), .integer(write.record.revision)]
        }
        values.append(.integer(Int64(writes.count)))
        return SQLStatement(
            """
            INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states)
            SELECT '', NULL, NULL, 0, 0, '{}'
            WHERE (SELECT COUNT(*) FROM permit_installations WHERE \(matches.joined(separator: " OR "))) <> $\(values.count)
            """, values)
    }

    /// The installations of `writes` whose precondition does not hold now.
    private func conflicts(among writes: [RegistryWrite]) async throws -> [String] {
        var conflicts: [String] = []
        for start in stride(from: 0, to: writes.count, by: Self.guardChunk) {
            let chunk = writes[start..<min(start + Self.guardChunk, writes.count)]
            let placeholders = (1...chunk.count).map { "$\($0)" }.joined(separator: ", ")
            let rows = try await executor.rows(SQLStatement(
                "SELECT installation, revision FROM permit_installations WHERE installation IN (\(placeholders))",
                chunk.map { .text($0.record.installation) }))
            var stored: [String: Int64] = [:]
            for row in rows {
                if row.count == 2, let installation = row[0].text, let revision = row[1].integer { stored[installation] = revision }
            }
            for write in chunk {
                let revision = stored[write.record.installation]
                switch write.precondition {
                case .absent where revision != nil: conflicts.append(write.record.installation)
                case .revision(let expected) where revision != expected: conflicts.append(write.record.installation)
                default: break
                }
            }
        }
        return conflicts
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
            SQLStatement(
                "UPDATE permit_installations SET token = NULL, revision = revision + 1 WHERE token = $1", [.text(token)]),
        ])
    }

    package func deleteInstallation(_ installation: String) async throws -> Bool {
        // Its Web Push subscriptions (and their keys) go with it; the last statement's count says whether it was there.
        try await executor.transaction([
            SQLStatement("DELETE FROM permit_web_push_subscriptions WHERE installation = $1", [.text(installation)]),
            SQLStatement("DELETE FROM permit_installations WHERE installation = $1", [.text(installation)]),
        ]) > 0
    }

    package func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int {
        let stale = "last_seen < $1 OR (platform = $2 AND last_seen < $3)"
        let values: [SQLValue] = [
            .integer(Self.seconds(cutoff)), .text(Platform.android.rawValue), .integer(Self.seconds(androidCutoff)),
        ]
        // The Web Push subscriptions of the pruned installations go with them, and so do those ended before the
        // cutoff (an endpoint answers 410 until then); the last statement counts the installations.
        return try await executor.transaction([
            SQLStatement(
                """
                DELETE FROM permit_web_push_subscriptions
                WHERE installation IN (SELECT installation FROM permit_installations WHERE \(stale)) OR (ended IS NOT NULL AND ended < $4)
                """, values + [.integer(Self.seconds(cutoff) * 1000)]),
            SQLStatement("DELETE FROM permit_installations WHERE \(stale)", values),
        ])
    }

    /// Adds `count` synthetic installations (`stale-1`…, iOS, with a token, no states) last seen at `lastSeen`,
    /// in one statement: how `permit bench server` fills the registry before timing a prune.
    package func insertSyntheticInstallations(count: Int, lastSeen: Date) async throws {
        try await executor.transaction([
            SQLStatement(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
                INSERT INTO permit_installations (installation, token, platform, first_seen, last_seen, states, counted)
                SELECT 'stale-' || i, 'stale-token-' || i, $2, $3, $3, '{}', '{}' FROM n
                """, [.integer(Int64(count)), .text(Platform.ios.rawValue), .integer(Self.seconds(lastSeen))]),
        ])
    }

    // MARK: - Proof key

    package func proofKey() async throws -> [UInt8] {
        // The first server to ask creates the key; every other one, then and later, reads that one (of two that
        // create it at once, the first insert wins and the other's does nothing).
        let select = SQLStatement("SELECT value FROM permit_keys WHERE name = $1", [.text(Self.proofKeyName)])
        var rows = try await executor.rows(select)
        if rows.isEmpty {
            let candidate = InstallationProofs.newKey().map { String(format: "%02x", $0) }.joined()
            _ = try await executor.transaction([
                SQLStatement(
                    "INSERT INTO permit_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                    [.text(Self.proofKeyName), .text(candidate)]),
            ])
            rows = try await executor.rows(select)
        }
        guard let hex = rows.first?.first?.text, let key = Self.bytes(hex: hex), key.count == InstallationProofs.keyBytes else {
            throw ServerError.storageCorrupt.withDetail("the installation proof key is missing or malformed")
        }
        return key
    }

    private static let proofKeyName = "installation-proof"

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { index -> UInt8? in
            UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
        }.reduce(into: [UInt8]?([])) { result, byte in
            if let byte { result?.append(byte) } else { result = nil }
        }
    }

    /// Asks the database a trivial question (`SELECT 1`): it returns when the database answers, within the
    /// executor's deadline (``DeadlineExecutor``), and throws otherwise. `/readyz` asks it.
    package func ping() async throws {
        _ = try await executor.rows(SQLStatement("SELECT 1"))
    }

    package func tokenCount() async throws -> Int {
        let rows = try await executor.rows(SQLStatement(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM permit_installations WHERE token IS NOT NULL"))
        return Int(rows.first?.first?.integer ?? 0)
    }

    package func notificationCounts() async throws -> NotificationCounts {
        // COUNT of a column counts its non-NULL values: the installations whose silent-only is known.
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT CAST(COUNT(silent_only) AS BIGINT), CAST(COALESCE(SUM(silent_only), 0) AS BIGINT)
            FROM permit_installations
            """))
        guard let row = rows.first, row.count == 2, let known = row[0].integer, let silent = row[1].integer else {
            throw ServerError.storageCorrupt.withDetail("a count of unexpected shape")
        }
        return NotificationCounts(known: Int(known), silentOnly: Int(silent))
    }

    // MARK: - Grant rates

    package func grantDays(from first: String, through last: String) async throws -> [GrantDay] {
        // `asked` is not read: it is granted plus denied by definition (GrantCounts), which days counted by the
        // first schema did not always keep.
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT day, kind, granted, denied, changed_mind FROM permit_grant_days
            WHERE day >= $1 AND day <= $2 ORDER BY day, kind
            """, [.text(first), .text(last)]))
        return try rows.map { row in
            guard row.count == 5, let day = row[0].text, let kind = row[1].text,
                let granted = row[2].integer, let denied = row[3].integer, let changed = row[4].integer
            else { throw ServerError.storageCorrupt.withDetail("a grant-day row of unexpected shape") }
            return GrantDay(day: day, kind: kind, counts: GrantCounts(
                granted: Int(granted), denied: Int(denied), changedMind: Int(changed)))
        }
    }
}
