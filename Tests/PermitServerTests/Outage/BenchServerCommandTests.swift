import Foundation
import PermitServer
import Testing

/// `permit bench server` as a process: its load generator drives a `permit server` it starts as a child process,
/// over HTTP, and reports what it measured.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .serialized)
struct BenchServerCommandTests {
    /// With nginx (installed, or under CI=true, where its absence fails), the run also goes through nginx's
    /// forward auth, and every new installation it sent that way is in the registry afterwards.
    @Test func aSmallRunOnSQLiteReportsTheHTTPFiguresOfAChildServer() async throws {
        let bench = try ServerProcess(
            ["server", "--engine", "sqlite", "--requests", "200", "--concurrency", "4", "--upserts", "40", "--prune-rows", "10",
             "--pushes", "0", "--queued-sends", "1", "--json"] + (NginxProcess.shouldRun ? [] : ["--no-nginx"]),
            appKey: nil, adminKey: nil, command: "bench")
        // A generous deadline that guards against a hang only.
        let took = await bench.waitForExit(within: .seconds(600))
        if took == nil { await bench.kill9() }
        #expect(bench.exitStatus == 0, "\(bench.standardError.suffix(2000))")
        let output = bench.standardOutput.joined(separator: "\n")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "not JSON: \(output.prefix(500))")
        let engine = try #require((report["engines"] as? [[String: Any]])?.first)
        #expect(engine["engine"] as? String == "sqlite")
        #expect((engine["durability"] as? String)?.contains("synchronous=FULL") == true)
        let http = try #require(engine["http"] as? [String: Any])
        for figure in ["noCookies", "cacheHits", "cacheMisses", "upserts", "newTokens"] {
            let result = try #require(http[figure] as? [String: Any], "no \(figure)")
            #expect((result["requestsPerSecond"] as? Double ?? 0) > 0, "\(figure)")
            #expect((result["p99Microseconds"] as? Double ?? 0) >= (result["medianMicroseconds"] as? Double ?? 0), "\(figure)")
        }
        // Every round's upserts were answered 204 (the generator fails on any other status), each round its own.
        #expect((http["upsertRounds"] as? [Double])?.count == 3)
        #expect((http["upserts"] as? [String: Any])?["requests"] as? Int == 120)
        #expect(engine["pushQueue"] == nil)
        guard NginxProcess.shouldRun else { return }
        let nginx = try #require(engine["forwardAuth"] as? [String: Any], "no forward-auth figures")
        for figure in ["withoutForwardAuth", "cacheHits", "cacheMisses"] {
            let result = try #require(nginx[figure] as? [String: Any], "no \(figure)")
            #expect((result["requestsPerSecond"] as? Double ?? 0) > 0, "\(figure)")
        }
        #expect(nginx["missesRecorded"] as? Int == 200)
        #expect(nginx["nginxErrors"] as? Int == 0)
    }
}
