package import Logging
package import PostgresNIO

/// Which engine keeps the registry: SQLite, one file for one server process (the default), or PostgreSQL,
/// one database shared by a fleet of server processes.
package enum RegistryEngine: Sendable {
    /// An SQLite file at this path, created if missing, in WAL mode.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresClient.Configuration)

    /// Runs `body` with the engine's storage, prepared (tables created if missing); the connection closes
    /// when `body` returns or throws.
    ///
    /// - Parameters:
    ///   - deadline: how long one database call of `body` may take before it fails with
    ///     ``ServerError/storageTimedOut`` (``DeadlineExecutor``); `nil` (tools, tests) waits as long as it takes.
    ///   - prepareDeadline: how long creating the tables may take, as a whole; `nil` waits as long as it takes.
    package func withStorage<Result: Sendable>(
        logger: Logger, deadline: Duration? = nil, prepareDeadline: Duration? = nil,
        _ body: @Sendable (SQLRegistryStorage) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite(let path):
            let executor = try await SQLiteExecutor.open(path: path, logger: logger)
            do {
                try await Self.prepare(SQLRegistryStorage(executor: executor, logger: logger), within: prepareDeadline)
                let storage = SQLRegistryStorage(executor: Self.bounded(executor, by: deadline), logger: logger)
                let result = try await body(storage)
                try await executor.close()
                return result
            } catch {
                try? await executor.close()
                throw error
            }
        case .postgres(let configuration):
            return try await PostgresExecutor.withExecutor(configuration: configuration, logger: logger) { executor in
                try await Self.prepare(SQLRegistryStorage(executor: executor, logger: logger), within: prepareDeadline)
                let storage = SQLRegistryStorage(executor: Self.bounded(executor, by: deadline), logger: logger)
                return try await body(storage)
            }
        }
    }

    private static func prepare(_ storage: SQLRegistryStorage, within limit: Duration?) async throws {
        guard let limit else { return try await storage.prepare() }
        try await Deadline.run(within: limit, "creating the tables") { try await storage.prepare() }
    }

    private static func bounded(_ executor: any SQLExecutor, by deadline: Duration?) -> any SQLExecutor {
        deadline.map { DeadlineExecutor(executor, limit: $0) } ?? executor
    }

    /// Fails with ``ServerError/storageUnreachable`` and one sentence when the database cannot be used: for
    /// PostgreSQL, unreachable within `limit`, refused credentials or no such database
    /// (``PostgresExecutor/checkConnection(_:within:logger:)``); an SQLite file's problems show when it opens.
    /// `tls` must be what the PostgreSQL configuration's pool uses (``PostgresTLS/client``).
    package func checkAvailable(within limit: Duration, tls: PostgresTLS = PostgresTLS(), logger: Logger) async throws {
        guard case .postgres(let configuration) = self else { return }
        try await PostgresExecutor.checkConnection(configuration, tls: tls, within: limit, logger: logger)
    }
}
