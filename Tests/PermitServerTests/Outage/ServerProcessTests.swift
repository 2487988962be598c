import Foundation
import Logging
import PermitServer
import PostgresNIO
import Testing

/// `permit server` as a process, the tool built next to the tests: its start against a database it cannot use,
/// its log, its exit on SIGTERM during a PostgreSQL outage, and what survives `kill -9` after an outage.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .serialized)
struct ServerProcessTests {
    static let appKey = "process-app-key"
    /// The loads below are one address writing as fast as the server answers: not what the rate limits are for.
    static let noRateLimits = ["--writes-per-address", "0", "--writes-per-installation", "0"]

    /// A database the server cannot use at start.
    enum BadDatabase: String, CaseIterable, CustomTestStringConvertible {
        case unreachable, wrongPassword, missingDatabase
        var testDescription: String { rawValue }

        /// The URL to give, against a scratch server on `port` whose password is `right-password`.
        func url(port: Int) -> String {
            switch self {
            case .unreachable: "postgres://postgres:right-password@127.0.0.1:1/postgres"
            case .wrongPassword: "postgres://postgres:wrong-password@127.0.0.1:\(port)/postgres"
            case .missingDatabase: "postgres://postgres:right-password@127.0.0.1:\(port)/no_such_database"
            }
        }

        /// What the line on standard error must say.
        var phrase: String {
            switch self {
            case .unreachable: "cannot reach PostgreSQL at 127.0.0.1:1"
            case .wrongPassword: "refused the credentials of user \"postgres\""
            case .missingDatabase: "has no database \"no_such_database\""
            }
        }
    }

    /// One clear line on standard error and exit status 69 within the start timeout (4 s here), never a
    /// silent wait: today a wrong password or database name hung and an unreachable host took 67 s.
    @Test(.enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed"), arguments: BadDatabase.allCases)
    func aDatabaseItCannotUseEndsTheStartWithOneLine(_ bad: BadDatabase) async throws {
        try await ScratchPostgres.withServer(password: "right-password") { database in
            let server = try ServerProcess(["--postgres", bad.url(port: database.port), "--port", "0", "--start-timeout", "4"])
            let took = await server.waitForExit(within: .seconds(12))
            if took == nil { await server.kill9() }
            #expect(took != nil, "still running 12 s after start")
            #expect(server.exitStatus == 69)
            let lines = server.standardError.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1, "standard error: \(server.standardError)")
            #expect(lines.first?.hasPrefix("permit server: ") == true)
            #expect(lines.first?.contains(bad.phrase) == true, "standard error: \(server.standardError)")
            #expect(!server.standardError.contains("wrong-password") && !server.standardError.contains("right-password"))
            #expect(!server.standardOutput.contains { $0.contains("listening") })
        }
    }

    /// With no --log-level the server logs at info, here as JSON lines, and its "listening" line reaches a
    /// pipe at once (it used to sit in standard output's buffer until the process ended).
    @Test func itLogsAtInfoAsJSONLinesAndPrintsTheListeningLineAtOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try ServerProcess(["--sqlite", folder.file("registry.sqlite"), "--port", "0", "--log-format", "json"])
        let port = try #require(await server.listeningPort(within: .seconds(20)), "no listening line: \(server.standardOutput)")
        let load = NativeLoad(port: port, appKey: Self.appKey)
        let loading = Task { await load.run(writers: 1) }
        while load.outcomes.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        load.stop()
        await loading.value
        #expect(load.outcomes.first?.status == 204)
        server.send(SIGTERM)
        #expect(await server.waitForExit(within: .seconds(10)) != nil)
        #expect(server.exitStatus == 0)
        let records = server.standardError.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(!records.isEmpty && records.allSatisfy { $0 != nil }, "standard error: \(server.standardError)")
        #expect(records.contains { $0?["level"] as? String == "info" && $0?["message"] as? String == "installation recorded" })
        #expect(records.allSatisfy { $0?["time"] is String && $0?["label"] is String })
    }

    /// SIGTERM while PostgreSQL is down and writes are in flight: the process exits within the drain
    /// deadline (8 s here) instead of waiting on the database; every write got an answer.
    @Test(.enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed"))
    func sigtermDuringAnOutageEndsTheProcessWithinTheDrainDeadline() async throws {
        try await ScratchPostgres.withServer { database in
            let configuration = try await database.makeDatabase(logger: .quiet)
            let url = "postgres://postgres@127.0.0.1:\(database.port)/\(configuration.database ?? "")"
            let server = try ServerProcess(["--postgres", url, "--port", "0", "--db-timeout", "2", "--drain-timeout", "8"] + Self.noRateLimits)
            let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
            let load = NativeLoad(port: port, appKey: Self.appKey)
            let loading = Task { await load.run(writers: 6) }
            try await Task.sleep(for: .seconds(2))
            try await database.halt()
            try await Task.sleep(for: .seconds(4))
            server.send(SIGTERM)
            let took = await server.waitForExit(within: .seconds(12))
            load.stop()
            if took == nil { await server.kill9() }
            await loading.value
            #expect(took != nil, "still running 12 s after SIGTERM")
            #expect(server.exitStatus == 0, "exit status \(server.exitStatus.map(String.init) ?? "none"); \(server.standardError.suffix(2000))")
            let statuses = Set(load.outcomes.compactMap(\.status))
            #expect(statuses.isSubset(of: [204, 503]), "statuses \(statuses.sorted())")
            #expect(load.outcomes.contains { $0.status == 503 })
        }
    }

    /// Native reports under load through a 30 s PostgreSQL outage (fsync on), then `kill -9` of the server:
    /// every report answered 204 is in the database afterwards, with its token.
    @Test(.enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed"))
    func noAcknowledgedWriteIsLostAcrossAnOutageAndKill9() async throws {
        try await ScratchPostgres.withServer(durable: true) { database in
            let configuration = try await database.makeDatabase(logger: .quiet)
            let url = "postgres://postgres@127.0.0.1:\(database.port)/\(configuration.database ?? "")"
            let server = try ServerProcess(["--postgres", url, "--port", "0", "--log-level", "error"] + Self.noRateLimits)
            let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
            let load = NativeLoad(port: port, appKey: Self.appKey)
            let loading = Task { await load.run(writers: 4) }
            try await Task.sleep(for: .seconds(3))
            let halted = ContinuousClock.now
            try await database.halt()
            try await Task.sleep(for: .seconds(30))
            try await database.resume()
            let resumed = ContinuousClock.now
            // The pool reconnects with a growing backoff: wait for a write sent after the database came back to be
            // acknowledged (a few seconds unloaded), for at most 20 s, and one second more.
            while !load.outcomes.contains(where: { $0.status == 204 && $0.sent > resumed }),
                resumed.duration(to: .now) < .seconds(20)
            {
                try await Task.sleep(for: .milliseconds(200))
            }
            try await Task.sleep(for: .seconds(1))
            let killed = ContinuousClock.now
            await server.kill9()
            load.stop()
            await loading.value

            let outcomes = load.outcomes
            let acknowledged = outcomes.filter { $0.status == 204 }
            #expect(acknowledged.contains { $0.sent < halted })
            #expect(acknowledged.contains { $0.sent > resumed }, "no write succeeded in the 20 s after PostgreSQL came back")
            #expect(outcomes.filter { $0.sent.advanced(by: $0.elapsed) < killed }.allSatisfy { $0.status != nil },
                    "a report got no answer before the kill")
            #expect(Set(outcomes.compactMap(\.status)).isSubset(of: [204, 503]))
            let stored = try await PostgresOutageTests.tokens(of: acknowledged.map(\.installation), in: configuration)
            let missing = acknowledged.filter { stored[$0.installation] != $0.token }
            #expect(missing.isEmpty, "\(missing.count) of \(acknowledged.count) acknowledged writes are missing")
        }
    }
}
