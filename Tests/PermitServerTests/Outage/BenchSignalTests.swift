import Foundation
import PermitServer
import Testing

/// `permit bench server` stopped by a signal, as `kill`, Ctrl-C or a CI job's time limit stops it.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"))
struct BenchSignalTests {
    /// What runs with `text` in its command line, other than this test process.
    private static func processes(mentioning text: String) -> [String] {
        let own = "\(getpid())"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) && $0 != own }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    /// Runs `permit bench server` with `arguments` and a temporary folder of its own (`TMPDIR`), sends SIGTERM once its
    /// progress shows `phase`, and checks that it exits with 143 (128 + SIGTERM), saying so, with nothing left
    /// running and nothing left in the folder; `running` is given what ran with the folder in its command line just
    /// before the signal.
    private func terminate(_ arguments: [String], during phase: String, running: ([String]) -> Void) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bench = try ServerProcess(["server"] + arguments, command: "bench", environment: ["TMPDIR": folder.url.path])
        defer { bench.send(SIGKILL) }
        let reached = await eventually(within: .seconds(120)) {
            bench.standardError.contains(phase) || bench.exitStatus != nil
        }
        #expect(reached && bench.exitStatus == nil, "never reached \"\(phase)\": \(bench.standardError)")
        running(Self.processes(mentioning: folder.url.path))

        bench.send(SIGTERM)
        #expect(await bench.waitForExit(within: .seconds(30)) != nil, "still running after SIGTERM")
        #expect(bench.exitStatus == 143, "standard error: \(bench.standardError)")
        #expect(bench.standardError.contains("stopping what this command started"))
        #expect(Self.processes(mentioning: folder.url.path) == [], "left running")
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == [], "left behind")
    }

    /// SIGTERM while the load runs: the `permit server` child it started is stopped, its temporary folder is
    /// removed, and it exits with 143. Before, the child and a scratch PostgreSQL kept running.
    @Test(.timeLimit(.minutes(2)))
    func aSignalStopsTheServerItStartedAndRemovesItsFolder() async throws {
        try await terminate(
            ["--engine", "sqlite", "--requests", "1000000", "--upserts", "10", "--prune-rows", "1", "--pushes", "0",
             "--queued-sends", "1"],
            during: "rounds of"
        ) { running in
            #expect(running.contains { $0.contains(" server ") }, "no permit server child: \(running)")
        }
    }

    /// SIGTERM while the load goes through nginx: the nginx it started is stopped too, and its folder removed.
    @Test(.enabled(if: NginxProcess.shouldRun, "nginx is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
    func aSignalDuringTheForwardAuthRoundsStopsNginxToo() async throws {
        try await terminate(
            ["--engine", "sqlite", "--requests", "3000", "--concurrency", "4", "--upserts", "10", "--prune-rows", "1",
             "--pushes", "0", "--queued-sends", "1"],
            during: "through nginx"
        ) { running in
            #expect(running.contains { $0.contains("nginx") }, "no nginx: \(running)")
        }
    }
}
