import AsyncHTTPClient
import Foundation
import Hummingbird
import PermitPageServer
package import Logging
import NIOCore
import NIOHTTP1

/// What `permit bench server` measures through HTTP: a server on loopback and a load generator of its own.
package enum LoopbackLoad {
    /// The figures of one load run.
    package struct Result: Sendable, Hashable, Codable {
        /// Requests answered per second, over the whole run.
        package var requestsPerSecond: Double
        /// The median request latency, in microseconds.
        package var medianMicroseconds: Double
        /// The 99th-percentile request latency, in microseconds.
        package var p99Microseconds: Double
        /// The requests sent (warm-up excluded).
        package var requests: Int

        /// Each figure's median over `results`, the runs of one server.
        package static func median(of results: [Result]) -> Result {
            func middle(_ values: [Double]) -> Double {
                let sorted = values.sorted()
                return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            }
            return Result(
                requestsPerSecond: middle(results.map(\.requestsPerSecond)).rounded(),
                medianMicroseconds: middle(results.map(\.medianMicroseconds)),
                p99Microseconds: middle(results.map(\.p99Microseconds)), requests: results.map(\.requests).reduce(0, +))
        }
    }

    /// Runs `body` with the port of a server on 127.0.0.1 that answers `GET /` with a short text, behind the
    /// registry middleware over `registry` when one is given (the baseline without), and stops it after.
    package static func serving<Value: Sendable>(
        registry: TokenRegistry?, logger: Logger, _ body: @Sendable (Int) async throws -> Value
    ) async throws -> Value {
        let router = Router()
        if let registry { router.add(middleware: RegistryMiddleware(registry: registry, logger: logger)) }
        router.get("/") { _, _ in "ok" }
        let server = try await LoopbackServer.start(router: router, logger: logger)
        do {
            let value = try await body(server.port)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Sends `requests` GETs to `http://127.0.0.1:port/` from `concurrency` workers over kept-alive connections,
    /// worker `w` sending `cookie(w)`, after `warmUp` unmeasured requests per worker.
    package static func run(
        port: Int, requests: Int, concurrency: Int, warmUp: Int, cookie: @escaping @Sendable (Int) -> String
    ) async throws -> Result {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let perWorker = max(1, requests / concurrency)
            func get(_ worker: Int) async throws {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/")
                request.headers.add(name: "Cookie", value: cookie(worker))
                let response = try await client.execute(request, timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1024)
                guard response.status == .ok else {
                    throw ServerError.badRequest.withDetail("the benchmark server answered \(response.status.code)")
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    group.addTask { for _ in 0..<warmUp { try await get(worker) } }
                }
                try await group.waitForAll()
            }
            let clock = ContinuousClock()
            let start = clock.now
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        var latencies: [Double] = []
                        latencies.reserveCapacity(perWorker)
                        for _ in 0..<perWorker {
                            let sent = clock.now
                            try await get(worker)
                            latencies.append(microseconds(clock.now - sent))
                        }
                        return latencies
                    }
                }
                return try await group.reduce(into: [Double]()) { $0 += $1 }
            }
            let elapsed = clock.now - start
            try await client.shutdown()
            let sorted = latencies.sorted()
            return Result(
                requestsPerSecond: Double(sorted.count) / seconds(elapsed),
                medianMicroseconds: percentile(sorted, 0.5), p99Microseconds: percentile(sorted, 0.99),
                requests: sorted.count)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// The value at `fraction` of the sorted `values` (nearest rank).
    package static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return (sorted[min(max(rank, 0), sorted.count - 1)] * 10).rounded() / 10
    }

    package static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    package static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
