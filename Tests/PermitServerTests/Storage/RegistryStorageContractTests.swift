import Foundation
import Logging
import PermitServer
import Testing

/// The storage contract on SQLite: each check on its own file in a temporary directory.
@Suite struct SQLiteRegistryStorageTests {
    @Test(arguments: RegistryStorageContract.allChecks)
    func contract(_ check: ContractCheck) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: Logger.quiet) {
            try await check.body($0)
        }
    }
}

/// The same contract on a real PostgreSQL, started for this suite; each check in its own database.
@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresRegistryStorageTests {
    @Test(arguments: RegistryStorageContract.allChecks)
    func contract(_ check: ContractCheck) async throws {
        let server = try #require(PostgresTestServer.current)
        let configuration = try await server.makeDatabase()
        try await RegistryEngine.postgres(configuration).withStorage(logger: Logger.quiet) {
            try await check.body($0)
        }
    }
}
