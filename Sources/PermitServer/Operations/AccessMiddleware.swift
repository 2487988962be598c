package import Hummingbird
import HTTPTypes
import NIOCore
package import Logging

/// Counts every request in ``ServerMetrics`` and, when asked, writes one access-log line for it: at info, the
/// message `request` with `method`, `path` (without the query, which may carry what a site puts there), `route`,
/// `status`, `ms` (time to the response's head) and `peer` (the connection's address, the proxy's behind one).
///
/// The line goes through the server's logger, so `--log-format json` makes it one JSON object like every other.
/// It sits first in the chain, so it sees every request, those the other middleware answers included.
package struct AccessMiddleware<Context: RequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    private let metrics: ServerMetrics
    private let logger: Logger?

    /// Creates the middleware; with `logger` `nil` it counts and logs nothing.
    package init(metrics: ServerMetrics, logger: Logger?) {
        self.metrics = metrics
        self.logger = logger
    }

    /// Hands the request on, then counts and logs its answer (500 when a handler threw an error that is not an
    /// HTTP error, as the server then answers).
    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            note(request, context, status: Int(response.status.code), since: start)
            return response
        } catch {
            note(request, context, status: Int((error as? any HTTPResponseError)?.status.code ?? 500), since: start)
            throw error
        }
    }

    private func note(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        metrics.countRequest(method: request.method.rawValue, route: context.endpointPath, status: status)
        guard let logger else { return }
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("request", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "route": "\(context.endpointPath ?? "none")",
            "status": "\(status)", "ms": "\((milliseconds * 100).rounded() / 100)",
            "peer": "\(context.remoteAddress?.ipAddress ?? "unknown")",
        ])
    }
}
