import PermitServer
import Testing

/// Runs a migration fixture's check on each engine: a new SQLite file, or a new database of the test's
/// PostgreSQL server; the executor is closed whichever way the check ends.
enum MigrationRun {
    /// A fixture's check: opens a registry of the earlier schema through `executor` and checks the migration.
    typealias Check = @Sendable (_ executor: any SQLExecutor, _ engine: RegistryEngine, _ startsAtOnce: Int) async throws -> Void

    /// Runs `check` on a new SQLite file. One server opens it: several connections of one test process share
    /// SQLiteNIO's thread pool, one thread a core, and those waiting for the file's lock can starve the one
    /// holding it.
    static func onSQLite(_ check: Check) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        let executor = try await SQLiteExecutor.open(path: path, logger: .quiet)
        do {
            try await check(executor, .sqlite(path: path), 1)
        } catch {
            try? await executor.close()
            throw error
        }
        try await executor.close()
    }

    /// Runs `check` on a new database of the test's PostgreSQL server (the suite needs `.postgresServer`), with
    /// four servers starting at once.
    static func onPostgres(_ check: Check) async throws {
        let server = try #require(PostgresTestServer.current)
        let configuration = try await server.makeDatabase()
        try await PostgresExecutor.withExecutor(configuration: configuration, logger: .quiet) { executor in
            try await check(executor, .postgres(configuration), 4)
        }
    }
}
