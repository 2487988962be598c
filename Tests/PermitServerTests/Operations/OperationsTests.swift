import Foundation
import HTTPTypes
import Logging
import PermitServer
import PostgresNIO
import Testing

/// `/healthz`, `/readyz`, `/metrics` and the access log of the real `permit server`, the tool built next to the
/// tests; `/metrics` read by a strict Prometheus text parser.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .serialized)
struct OperationsTests {
    /// Liveness and readiness answer 200; the counters move with the traffic (a cookie write, the requests, the
    /// prune at start); each request gets one JSON access-log line.
    @Test func probesAnswerAndTheCountersMove() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try ServerProcess(["--sqlite", folder.file("registry.sqlite"), "--port", "0", "--log-format", "json"])
        defer { server.send(SIGKILL) }
        let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")

        let health = try await HTTPGet.get(port: port, "/healthz")
        #expect(health.status == 200 && health.body == "ok\n")
        let ready = try await HTTPGet.get(port: port, "/readyz")
        #expect(ready.status == 200 && ready.body == "ready\n")

        let first = try await HTTPGet.get(port: port, "/metrics")
        #expect(first.status == 200)
        #expect(first.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
        let before = try PrometheusText(first.body)
        #expect(before.types["permit_cookie_writes_total"] == "counter")
        #expect(before.types["permit_cookie_reports_waiting"] == "gauge")
        #expect(before.value("permit_cookie_writes_total") == 0)
        #expect(before.value("permit_http_requests_total", ["method": "GET", "route": "/healthz", "status": "200"]) == 1)
        #expect(before.value("permit_prunes_total", ["outcome": "done"]) == 1, "the prune at start")
        #expect(before.value("permit_prunes_total", ["outcome": "failed"]) == 0)

        let visit = try await HTTPGet.get(port: port, "/", cookie: "FCM_token=metrics-\(UUID().uuidString); p_Camera=no")
        #expect(visit.status == 200)
        let missing = try await HTTPGet.get(port: port, "/no-such-page")
        #expect(missing.status == 404)

        let after = try PrometheusText(try await HTTPGet.get(port: port, "/metrics").body)
        #expect(after.value("permit_cookie_writes_total") == 1)
        #expect(after.value("permit_cookie_write_failures_total") == 0)
        #expect(after.value("permit_http_requests_total", ["method": "GET", "route": "/", "status": "200"]) == 1)
        #expect(after.value("permit_http_requests_total", ["method": "GET", "route": "NotFound", "status": "404"]) == 1)
        #expect(after.value("permit_http_requests_total", ["method": "GET", "route": "/metrics", "status": "200"]) == 1)

        let lines = server.standardError.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let accessLines = lines.filter { $0["message"] as? String == "request" }
        #expect(accessLines.count >= 5, "access-log lines: \(accessLines)")
        let healthLine = accessLines.first { $0["path"] as? String == "/healthz" }
        #expect(healthLine?["status"] as? String == "200")
        #expect(healthLine?["method"] as? String == "GET")
        #expect(healthLine?["level"] as? String == "info")
        #expect((healthLine?["ms"] as? String).flatMap(Double.init) != nil)
        #expect(!server.standardError.contains("metrics-"), "a token reached the log")
    }

    /// PostgreSQL really stopped: `/readyz` answers 503 with the reason within the database deadline while
    /// `/healthz` stays 200, the failed cookie write is counted, and both recover when PostgreSQL is back.
    @Test(.enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"))
    func readinessFollowsTheDatabase() async throws {
        try await ScratchPostgres.withServer { database in
            let configuration = try await database.makeDatabase(logger: .quiet)
            let url = "postgres://postgres@127.0.0.1:\(database.port)/\(configuration.database ?? "")"
            let server = try ServerProcess(["--postgres", url, "--port", "0", "--db-timeout", "2", "--log-level", "error"])
            defer { server.send(SIGKILL) }
            let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
            #expect(try await HTTPGet.get(port: port, "/readyz").status == 200)

            try await database.halt()
            let start = ContinuousClock.now
            let down = try await HTTPGet.get(port: port, "/readyz")
            #expect(down.status == 503)
            #expect(down.body.hasPrefix("not ready: "), "body: \(down.body)")
            #expect(down.headers[.retryAfter] == "5")
            #expect(start.duration(to: .now) < .seconds(5))
            #expect(try await HTTPGet.get(port: port, "/healthz").status == 200)
            let visit = try await HTTPGet.get(port: port, "/", cookie: "FCM_token=outage-\(UUID().uuidString)")
            #expect(visit.status == 200, "the site's request goes on while the write fails")
            let during = try PrometheusText(try await Self.metrics(port: port, until: { $0.sum("permit_cookie_write_failures_total") >= 1 }))
            #expect(during.value("permit_cookie_write_failures_total").map { $0 >= 1 } == true)
            #expect(during.value("permit_cookie_reports_waiting") == 1)

            try await database.resume()
            var readyAgain = false
            let resumed = ContinuousClock.now
            while !readyAgain, resumed.duration(to: .now) < .seconds(30) {
                readyAgain = try await HTTPGet.get(port: port, "/readyz").status == 200
                if !readyAgain { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(readyAgain, "not ready 30 s after PostgreSQL came back")
            let recovered = try PrometheusText(try await Self.metrics(port: port, until: { $0.sum("permit_cookie_writes_recovered_total") >= 1 }))
            #expect(recovered.value("permit_cookie_writes_recovered_total") == 1)
            #expect(recovered.value("permit_cookie_reports_waiting") == 0)
        }
    }

    /// `/metrics` read until `condition` holds of it, for at most 30 s; the last text read.
    static func metrics(port: Int, until condition: (PrometheusText) -> Bool) async throws -> String {
        let end = ContinuousClock.now.advanced(by: .seconds(30))
        while true {
            let text = try await HTTPGet.get(port: port, "/metrics").body
            if let parsed = try? PrometheusText(text), condition(parsed) { return text }
            if ContinuousClock.now >= end { return text }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
