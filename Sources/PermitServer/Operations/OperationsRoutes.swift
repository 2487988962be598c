package import Hummingbird
import HTTPTypes
package import Logging
import NIOCore

/// The routes an operator's tools call: liveness, readiness and metrics.
///
/// - `GET /healthz`: 200 `ok` while the process serves requests (liveness: restart the process when it fails).
/// - `GET /readyz`: 200 `ready` when the database answered a trivial query within the database deadline, else
///   503 with a one-line reason and `Retry-After` (readiness: send no traffic to this process meanwhile). A
///   server whose database is down keeps running, answers `/healthz`, recovers by itself and is ready again.
/// - `GET /metrics`: ``ServerMetrics`` in Prometheus' text format, the cookie path's counts brought up to date
///   first.
///
/// None needs a key: they tell nothing about any installation. Each answers `HEAD` too, and 405 to other methods.
package struct OperationsRoutes: Sendable {
    /// The liveness route.
    package static let healthPath = "/healthz"
    /// The readiness route.
    package static let readyPath = "/readyz"
    /// The metrics route.
    package static let metricsPath = "/metrics"

    private let ready: @Sendable () async throws -> Void
    private let metrics: ServerMetrics
    private let writer: CookieWriter
    private let queuedWrites: @Sendable () async -> Int
    private let logger: Logger

    /// Creates the routes.
    ///
    /// - Parameters:
    ///   - ready: asks the database something trivial; it throws when the database did not answer (within its
    ///     deadline, which the storage enforces).
    ///   - writer: the cookie path's writer, whose counts `/metrics` shows.
    ///   - queuedWrites: how many writes wait for the group commit in flight.
    package init(
        ready: @escaping @Sendable () async throws -> Void, metrics: ServerMetrics, writer: CookieWriter,
        queuedWrites: @escaping @Sendable () async -> Int, logger: Logger
    ) {
        self.ready = ready
        self.metrics = metrics
        self.writer = writer
        self.queuedWrites = queuedWrites
        self.logger = logger
    }

    /// Adds the three routes to `router`.
    package func add<Context: RequestContext>(to router: Router<Context>) {
        router.add(RouterPath(Self.healthPath), handlers: [.get: { _, _ in ServerRoutes.plainText(.ok, "ok") }])
        router.add(RouterPath(Self.readyPath), handlers: [.get: { _, _ in await self.readiness() }])
        router.add(RouterPath(Self.metricsPath), handlers: [.get: { _, _ in await self.exposition() }])
    }

    private func readiness() async -> Response {
        do {
            try await ready()
            return ServerRoutes.plainText(.ok, "ready")
        } catch {
            let reason = (error as? ServerError).map { $0.detail.isEmpty ? $0.summary : $0.detail } ?? "\(error)"
            logger.warning("not ready: the database did not answer", metadata: ["reason": "\(reason)"])
            var response = ServerRoutes.plainText(.serviceUnavailable, "not ready: \(reason)")
            response.headers[.retryAfter] = "5"
            return response
        }
    }

    private func exposition() async -> Response {
        metrics.update(cookies: writer.metrics, queuedWrites: await queuedWrites())
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
