package import AsyncHTTPClient
import Foundation
import NIOCore
package import NIOHTTP1

/// The load generator of `permit bench server`: requests over HTTP to a `permit server` on loopback, run as a
/// separate process, and the figures of each run.
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

    /// Sends `requests` requests from `concurrency` workers, each over a kept-alive HTTP/1.1 connection of its
    /// own: worker `w` sends `request(i)` for `i` = `w`, `w + concurrency`, … below `requests`, one at a time.
    /// Each answer must have status `expected`; `answered(i, headers)` is told each one's headers.
    package static func run(
        requests: Int, concurrency: Int, expected: HTTPResponseStatus = .ok,
        request: @escaping @Sendable (Int) -> HTTPClientRequest,
        answered: (@Sendable (Int, HTTPHeaders) -> Void)? = nil
    ) async throws -> Result {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let clock = ContinuousClock()
            let start = clock.now
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        var latencies: [Double] = []
                        latencies.reserveCapacity(requests / concurrency + 1)
                        for index in stride(from: worker, to: requests, by: concurrency) {
                            let sent = clock.now
                            let response = try await client.execute(request(index), timeout: .seconds(60))
                            let body = try await response.body.collect(upTo: 64 * 1024)
                            latencies.append(microseconds(clock.now - sent))
                            guard response.status == expected else {
                                throw ServerError.badRequest.withDetail(
                                    "the benchmark server answered \(response.status.code), not \(expected.code): "
                                        + String(String(buffer: body).prefix(200)))
                            }
                            answered?(index, response.headers)
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
                requestsPerSecond: (Double(sorted.count) / seconds(elapsed)).rounded(),
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
