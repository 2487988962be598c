package import Hummingbird
package import Logging

/// Reads the push token and the `p_…` permission cookies from every request of the app's web view and
/// records what changed in the ``TokenRegistry``; a request that repeats what is stored costs no database
/// access.
///
/// A request whose `Cookie` header is too long or carries a malformed cookie the middleware reads is
/// answered 400, and nothing of it is stored. Other requests go on to the app's routes whatever the
/// registry does: a storage failure is logged, not shown to the page.
package struct RegistryMiddleware<Context: RequestContext>: RouterMiddleware {
    private let registry: TokenRegistry
    private let limits: ReportLimits
    private let logger: Logger

    /// Creates the middleware over `registry`, reading the cookies `limits` names.
    package init(registry: TokenRegistry, limits: ReportLimits = ReportLimits(), logger: Logger) {
        self.registry = registry
        self.limits = limits
        self.logger = logger
    }

    /// Records the request's report, then hands the request on.
    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let fields = request.headers[values: .cookie]
        if !fields.isEmpty {
            let report: InstallationReport?
            do {
                report = try CookieReport.parse(header: fields.joined(separator: "; "), limits: limits)
            } catch {
                logger.info("cookie report refused", metadata: ["reason": "\(error.detail)"])
                return Response(status: .badRequest)
            }
            if let report {
                do {
                    try await registry.record(report)
                } catch {
                    logger.error("cookie report not recorded", metadata: ["error": "\(error)"])
                }
            }
        }
        return try await next(request, context)
    }
}
