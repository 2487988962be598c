package import Logging
package import PostgresNIO

/// Runs the registry's SQL on PostgreSQL through a connection pool: for a fleet of `permit server` processes
/// sharing one database.
///
/// The pool lives inside ``withExecutor(configuration:logger:_:)``, which runs it for the duration of the
/// body and shuts it down after.
package struct PostgresExecutor: SQLExecutor {
    private let client: PostgresClient
    private let logger: Logger

    /// Runs `body` with an executor connected to the database `configuration` names; the pool shuts down
    /// when `body` returns or throws.
    package static func withExecutor<Result: Sendable>(
        configuration: PostgresClient.Configuration, logger: Logger,
        _ body: @Sendable (PostgresExecutor) async throws -> Result
    ) async throws -> Result {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(PostgresExecutor(client: client, logger: logger))
        }
    }

    /// A transaction-scoped advisory lock on a key of Permit's own.
    package var schemaLock: SQLStatement? { SQLStatement("SELECT pg_advisory_xact_lock($1)", [.integer(0x5045_524D_4954)]) }

    /// `true`: the push queue's workers claim sends with `FOR UPDATE SKIP LOCKED`.
    package var skipsLockedRows: Bool { true }

    package func rows(_ statement: SQLStatement) async throws -> [[SQLValue]] {
        do {
            var rows: [[SQLValue]] = []
            for try await row in try await client.query(try Self.query(statement), logger: logger) {
                rows.append(try row.map(Self.value(cell:)))
            }
            return rows
        } catch {
            throw Self.failure(error, "a statement")
        }
    }

    @discardableResult
    package func transaction(_ statements: [SQLStatement]) async throws -> Int {
        let queries = try statements.map(Self.query)
        do {
            return try await client.withTransaction(logger: logger) { connection in
                var changed = 0
                for query in queries {
                    changed = try await connection.query(query, logger: logger).get().metadata.rows ?? 0
                }
                return changed
            }
        } catch {
            throw Self.failure(error, "a transaction")
        }
    }

    /// What `error` means for the registry: ``ServerError/storageFailed`` when PostgreSQL answered and refused
    /// the statement, ``ServerError/storageUnavailable`` when it could not be asked (a connection lost or
    /// refused, the pool giving up), so that the registry does not retry a batch's writes one by one against a
    /// database that is down. The detail names the error without the query or its values.
    private static func failure(_ error: any Error, _ what: String) -> ServerError {
        if let error = error as? ServerError { return error }
        guard let error = error as? PSQLError else {
            return ServerError.storageUnavailable.withDetail("PostgreSQL could not run \(what): \(error)")
        }
        if error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? "?", message = error.serverInfo?[.message] ?? ""
            return ServerError.storageFailed.withDetail("PostgreSQL refused \(what): \(message) (SQLSTATE \(state))")
        }
        let cause = error.underlying.map { ": \($0)" } ?? ""
        return ServerError.storageUnavailable.withDetail("PostgreSQL could not run \(what) (\(error.code))\(cause)")
    }

    private static func query(_ statement: SQLStatement) throws -> PostgresQuery {
        var binds = PostgresBindings(capacity: statement.values.count)
        for value in statement.values {
            switch value {
            case .text(let text): binds.append(text)
            case .integer(let integer): binds.append(integer)
            case .null: binds.appendNull()
            }
        }
        return PostgresQuery(unsafeSQL: statement.sql, binds: binds)
    }

    private static func value(cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int8: return .integer(try cell.decode(Int64.self))
        case .int4: return .integer(Int64(try cell.decode(Int32.self)))
        case .int2: return .integer(Int64(try cell.decode(Int16.self)))
        default: return .text(try cell.decode(String.self))
        }
    }
}
