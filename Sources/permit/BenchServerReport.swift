import Foundation
import PermitServer

/// What `permit bench server` prints.
struct ServerBenchReport: Encodable {
    struct EngineFigures: Encodable {
        var engine: String
        /// Whether a commit waits for the disk, and how that is known.
        var durability: String
        /// What the load generator measured of the server, a separate process, over HTTP.
        var http: HTTPFigures
        /// What the load generator measured through nginx in front of the server; `nil` with `--no-nginx`.
        var forwardAuth: ForwardAuthFigures?
        /// The middleware's own work for a request that changes nothing, in this process.
        var middlewareInProcessMedianMicroseconds: Double
        var middlewareInProcessP99Microseconds: Double
        var pruneRows: Int
        var pruneSeconds: Double
        /// How long filling the stale rows took (not a goal; shows the prune is not timed on an empty table).
        var fillSeconds: Double
        /// The push queue's figures; `nil` with `--pushes 0`.
        var pushQueue: PushQueueBench.Figures?
    }

    var build: String
    var concurrency: Int
    var rounds: Int
    var engines: [EngineFigures]

    var table: String {
        var rows: [[String]] = [["", "figure", "goal", ""]]
        for figures in engines {
            let e = figures.engine, http = figures.http
            func load(_ label: String, _ result: LoopbackLoad.Result) -> [String] {
                ["\(e): \(label)", String(format: "%.0f req/s, median %.0f µs, p99 %.0f µs",
                    result.requestsPerSecond, result.medianMicroseconds, result.p99Microseconds), "", ""]
            }
            rows.append(load("GET /, no cookies", http.noCookies))
            rows.append(load("GET /, cookies unchanged (cache hits)", http.cacheHits))
            // End to end, the difference is within the load generator's noise on a busy machine: shown, not judged.
            rows.append(["\(e): added to the median request", String(format: "%.1f µs", http.middlewareAddedMedianMicroseconds), "", ""])
            rows.append(load("GET /, new installations (cache misses)", http.cacheMisses))
            rows.append([
                "\(e): durable upserts (new installations)",
                String(format: "%.0f /s", http.upserts.requestsPerSecond)
                    + " (rounds \(http.upsertRounds.map { String(format: "%.0f", $0) }.joined(separator: ", ")))"
                    + String(format: ", median %.0f µs, p99 %.0f µs", http.upserts.medianMicroseconds, http.upserts.p99Microseconds),
                ">= 2000 /s", verdict(http.upserts.requestsPerSecond >= 2000),
            ])
            rows.append(load("durable new tokens", http.newTokens))
            if let nginx = figures.forwardAuth {
                rows.append(load("nginx, page without forward auth", nginx.withoutForwardAuth))
                rows.append(load("nginx + forward auth, cookies unchanged", nginx.cacheHits))
                rows.append(["\(e): forward auth added to the median visit", String(format: "%.1f µs", nginx.addedMedianMicroseconds), "", ""])
                rows.append(load("nginx + forward auth, new installations", nginx.cacheMisses))
                let recorded = nginx.missesRecorded ?? 0
                rows.append([
                    "\(e): new installations recorded via nginx", "\(recorded) of \(nginx.cacheMisses.requests)"
                        + ", nginx error lines \(nginx.nginxErrors)",
                    "all", verdict(recorded == nginx.cacheMisses.requests),
                ])
            }
            rows.append(["\(e): durability", figures.durability, "", ""])
            rows.append([
                "\(e): middleware in process", String(format: "median %.1f µs, p99 %.1f µs",
                    figures.middlewareInProcessMedianMicroseconds, figures.middlewareInProcessP99Microseconds),
                "< 50 µs", verdict(figures.middlewareInProcessMedianMicroseconds < 50),
            ])
            rows.append([
                "\(e): prune \(figures.pruneRows) stale tokens", String(format: "%.2f s", figures.pruneSeconds), "< 5 s",
                verdict(figures.pruneSeconds < 5),
            ])
            if let push = figures.pushQueue {
                rows.append([
                    "\(e): pushes through the queue", String(format: "%.0f /s (%d in %.2f s, %d repeated)",
                        push.pushesPerSecond, push.pushes, push.drainSeconds, push.repeated),
                    ">= 5000 /s", verdict(push.pushesPerSecond >= 5000),
                ])
                rows.append([
                    "\(e): RSS, \(push.queuedSends) sends queued", String(format: "%.0f MB (peak of the run %.0f MB)",
                        push.residentMegabytes, push.peakResidentMegabytes),
                    "< 300 MB", verdict(push.residentMegabytes < 300),
                ])
            }
        }
        return "permit bench server (\(build) build, \(concurrency) connections to a permit server process, \(rounds) rounds)\n" + Terminal.table(rows)
    }
}
