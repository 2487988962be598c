package import Hummingbird
package import Logging

/// Reads the push token and the `p_…` permission cookies from every request of the app's web view and
/// records what changed in the ``TokenRegistry``; a request that repeats what is stored costs no database
/// access.
///
/// The middleware observes the site's traffic and never fails it: every request goes on to the site's routes,
/// whatever its cookies and whatever the registry does. A cookie Permit reads but cannot understand is ignored
/// (``CookieReport``), counted and logged at debug. A write is waited for at most ``CookieWriter/wait``
/// (100 ms); one that fails is counted, logged at error and retried by the ``writer``, which writes while its
/// owner runs its ``CookieWriter/run()``.
package struct RegistryMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What records the reports: its ``CookieWriter/metrics`` count the writes made, failed and lost.
    package let writer: CookieWriter
    private let limits: ReportLimits
    private let limiter: ClientLimiter?
    private let logger: Logger

    /// Creates the middleware recording through `writer`, reading the cookies `limits` names; the caller runs
    /// the writer (``CookieWriter/run()``) beside the server. With a `limiter`, a report that would write is
    /// recorded only if its client and installation are within their rates (else it is counted in
    /// ``CookieWriteMetrics/rateLimited``, and the request goes on all the same).
    package init(writer: CookieWriter, limits: ReportLimits = ReportLimits(), limiter: ClientLimiter? = nil, logger: Logger) {
        self.writer = writer
        self.limits = limits
        self.limiter = limiter
        self.logger = logger
    }

    /// Records the request's report, then hands the request on.
    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        await observe(request, context: context)
        return try await next(request, context)
    }

    /// Records the report `request`'s cookies carry, as ``handle(_:context:next:)`` does, and never fails:
    /// with `waitForWrite` false it does not wait for the write either (``CookieWriter/record(_:waitForWrite:)``),
    /// as forward auth needs (``ForwardAuthRoute``).
    package func observe(_ request: Request, context: Context, waitForWrite: Bool = true) async {
        let fields = request.headers[values: .cookie]
        if !fields.isEmpty {
            let reading = CookieReport.read(header: fields.count == 1 ? fields[0] : fields.joined(separator: "; "), limits: limits)
            if !reading.ignored.isEmpty {
                writer.noteIgnoredCookies(reading.ignored.count)
                logger.debug("cookies ignored", metadata: ["reasons": "\(reading.ignored)"])
            }
            if let report = reading.report {
                if let limiter, !writer.repeatsRecorded(report),
                    limiter.admit(report.installation, request: request, context: context) != .admitted
                {
                    writer.noteRateLimited()
                } else {
                    await writer.record(report, waitForWrite: waitForWrite)
                }
            }
        }
    }
}
