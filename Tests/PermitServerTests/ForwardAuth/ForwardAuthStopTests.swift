import AsyncHTTPClient
import Foundation
import NIOHTTP1
import PermitServer
import PostgresNIO
import Testing

/// `permit server` stopped right after forward-auth visits: forward auth answers before its write is done, so the
/// writes must outlive the answers, and the orderly stop must wait for them.
@Suite(.enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"))
struct ForwardAuthStopTests {
    /// 400 new installations visit through forward auth, each answered 204 at once; SIGTERM follows the last
    /// answer at once. The process exits 0 and the registry holds every one of them (before, the process exited
    /// under the writes still in flight).
    @Test func sigtermRightAfterTheVisitsLosesNoneOfTheirWrites() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("registry.sqlite")
        let server = try ServerProcess(
            ["--sqlite", database, "--port", "0", "--writes-per-address", "0", "--writes-per-installation", "0", "--no-access-log"])
        let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
        let visits = 400
        let url = "http://127.0.0.1:\(port)/permit/forward-auth"
        _ = try await LoopbackLoad.run(requests: visits, concurrency: 16, expected: .noContent) { index in
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "Cookie", value: ServerLoad.cookie("stop", index))
            return request
        }
        server.send(SIGTERM)
        let exited = await server.waitForExit(within: .seconds(20))
        if exited == nil { await server.kill9() }
        #expect(exited != nil && server.exitStatus == 0, "\(server.standardError.suffix(2000))")
        let recorded = try await RegistryEngine.sqlite(path: database).withStorage(logger: .quiet) { storage in
            try await storage.records(installations: (0..<visits).map { ServerLoad.installation("stop", $0) })
        }
        #expect(recorded.count == visits, "\(server.standardError.suffix(2000))")
        #expect(recorded[ServerLoad.installation("stop", 7)]?.token == ServerLoad.token("stop", 7))
    }

    /// SIGTERM while PostgreSQL is down and forward-auth writes wait for a retry: the stop waits for them one
    /// database deadline (2 s here), then exits 0 and says at error how many it could not write, instead of
    /// waiting for the database or losing them in silence.
    @Test(.enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed"), .timeLimit(.minutes(2)))
    func sigtermDuringAnOutageSaysWhichWritesItCouldNotMake() async throws {
        try await ScratchPostgres.withServer { database in
            let configuration = try await database.makeDatabase(logger: .quiet)
            let url = "postgres://postgres@127.0.0.1:\(database.port)/\(configuration.database ?? "")"
            let server = try ServerProcess(
                ["--postgres", url, "--port", "0", "--db-timeout", "2", "--drain-timeout", "20", "--writes-per-address", "0",
                 "--writes-per-installation", "0", "--no-access-log"])
            let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
            try await database.halt()
            let visit = "http://127.0.0.1:\(port)/permit/forward-auth"
            // Answered 204 at once while the database is down: the visits never wait for it.
            _ = try await LoopbackLoad.run(requests: 30, concurrency: 3, expected: .noContent) { index in
                var request = HTTPClientRequest(url: visit)
                request.headers.add(name: "Cookie", value: ServerLoad.cookie("outage", index))
                return request
            }
            let start = ContinuousClock.now
            server.send(SIGTERM)
            let exited = await server.waitForExit(within: .seconds(15))
            if exited == nil { await server.kill9() }
            #expect(exited != nil && server.exitStatus == 0, "\(server.standardError.suffix(2000))")
            #expect(start.duration(to: .now) >= .seconds(2), "the stop did not wait for the writes")
            let said = server.standardError.split(separator: "\n").first { $0.contains("stopping with cookie reports not written") }
            #expect(said?.contains("pending=30") == true, "\(server.standardError.suffix(2000))")
        }
    }
}
