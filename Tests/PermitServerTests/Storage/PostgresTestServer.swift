import Foundation
import Logging
import Permit
import PermitServer
import PostgresNIO
import Testing

/// The scratch PostgreSQL of the suites that need one.
typealias PostgresTestServer = ScratchPostgres

extension ScratchPostgres {
    /// The server of the suite running now.
    @TaskLocal static var current: ScratchPostgres?

    /// Whether the PostgreSQL suites run: PostgreSQL is installed, or this is CI, where its absence fails.
    static let shouldRun = binaries != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// A new, empty database on this server.
    func makeDatabase() async throws -> PostgresClient.Configuration {
        try await makeDatabase(logger: .quiet)
    }
}

/// Runs a suite with its own PostgreSQL server, started before its first test and stopped after its last.
struct PostgresServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await PostgresTestServer.withServer { server in
            try await PostgresTestServer.$current.withValue(server) { try await function() }
        }
    }
}

extension Trait where Self == PostgresServerTrait {
    /// A real PostgreSQL for the suite.
    static var postgresServer: Self { PostgresServerTrait() }
}
