package import Hummingbird
package import Logging

/// Reads the push token and the `p_…` permission cookies from every request of the app's web view and
/// records what changed in the ``TokenRegistry``; a request that repeats what is stored costs no database
/// access.
///
/// The middleware observes the site's traffic and never fails it: every request goes on to the site's routes,
/// whatever its cookies and whatever the registry does. A cookie Permit reads but cannot understand is ignored
/// (``CookieReport``) and logged at debug; a storage failure is logged, not shown to the page.
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
            let reading = CookieReport.read(header: fields.count == 1 ? fields[0] : fields.joined(separator: "; "), limits: limits)
            if !reading.ignored.isEmpty {
                logger.debug("cookies ignored", metadata: ["reasons": "\(reading.ignored)"])
            }
            if let report = reading.report {
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
