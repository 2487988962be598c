package import Logging
import Permit
import SQLiteNIO
import PermitSupport

/// Runs the registry's SQL on one SQLite file in WAL mode: the embedded default, for one `permit server`
/// process.
///
/// The file is opened with `journal_mode=WAL` (readers never wait for the writer), `synchronous=FULL` (a
/// committed transaction survives a power cut) and a busy timeout, so that a second process sharing the file
/// waits instead of failing. One connection runs one operation at a time.
package actor SQLiteExecutor: SQLExecutor {
    private let connection: SQLiteConnection
    private let serial = SerialGate()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating if missing) the database file at `path`, in WAL mode.
    ///
    /// The busy timeout is set first, so that switching to WAL waits for another connection's lock rather than
    /// failing at once; a connection whose setup fails is closed before the error is thrown (SQLiteNIO traps on
    /// a connection released open, which crashed a test run under load).
    package static func open(path: String, logger: Logger) async throws -> SQLiteExecutor {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        } catch {
            throw ServerError.storageFailed.withDetail("cannot open the SQLite file: \(error)")
        }
        do {
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA journal_mode = WAL")
            _ = try await connection.query("PRAGMA synchronous = FULL")
        } catch {
            try? await connection.close()
            throw ServerError.storageFailed.withDetail("cannot open the SQLite file: \(error)")
        }
        return SQLiteExecutor(connection: connection)
    }

    /// `nil`: `BEGIN IMMEDIATE` already keeps other writers out.
    package nonisolated var schemaLock: SQLStatement? { nil }

    /// The journal mode the file is in: `wal` once opened.
    package func journalMode() async throws -> String {
        try await rows(SQLStatement("PRAGMA journal_mode")).first?.first?.text ?? ""
    }

    /// Closes the connection; no call may follow.
    package func close() async throws {
        try await connection.close()
    }

    package func rows(_ statement: SQLStatement) async throws -> [[SQLValue]] {
        try await serial.run { try await run(statement) }
    }

    @discardableResult
    package func transaction(_ statements: [SQLStatement]) async throws -> Int {
        try await serial.run {
            _ = try await run(SQLStatement("BEGIN IMMEDIATE"))
            do {
                for statement in statements { _ = try await run(statement) }
                let changed = try await run(SQLStatement("SELECT changes()")).first?.first?.integer ?? 0
                _ = try await run(SQLStatement("COMMIT"))
                return Int(changed)
            } catch {
                _ = try? await run(SQLStatement("ROLLBACK"))
                throw error
            }
        }
    }

    private func run(_ statement: SQLStatement) async throws -> [[SQLValue]] {
        let binds: [SQLiteData] = statement.values.map { value in
            switch value {
            case .text(let text): .text(text)
            case .integer(let integer): .integer(Int(integer))
            case .null: .null
            }
        }
        do {
            return try await connection.query(statement.sql, binds).map { row in
                row.columns.map { column in
                    switch column.data {
                    case .integer(let integer): .integer(Int64(integer))
                    case .text(let text): .text(text)
                    case .float(let double): .integer(Int64(double))
                    case .blob, .null: .null
                    }
                }
            }
        } catch {
            throw ServerError.storageFailed.withDetail("SQLite refused a statement: \(error)")
        }
    }
}
