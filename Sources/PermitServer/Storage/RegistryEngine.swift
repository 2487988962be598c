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
    package func withStorage<Result: Sendable>(
        logger: Logger, _ body: @Sendable (SQLRegistryStorage) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite(let path):
            let executor = try await SQLiteExecutor.open(path: path, logger: logger)
            do {
                let storage = SQLRegistryStorage(executor: executor, logger: logger)
                try await storage.prepare()
                let result = try await body(storage)
                try await executor.close()
                return result
            } catch {
                try? await executor.close()
                throw error
            }
        case .postgres(let configuration):
            return try await PostgresExecutor.withExecutor(configuration: configuration, logger: logger) { executor in
                let storage = SQLRegistryStorage(executor: executor, logger: logger)
                try await storage.prepare()
                return try await body(storage)
            }
        }
    }
}
