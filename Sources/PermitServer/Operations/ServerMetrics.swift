import CoreMetrics
package import Prometheus
import PermitSupport

/// What `permit server` counts, exposed at `/metrics` in Prometheus' text format (``OperationsRoutes``): the
/// server's metrics namespace.
///
/// The counters are swift-metrics' `Counter`s and `Gauge`s made by a `PrometheusMetricsFactory` over this
/// server's own `PrometheusCollectorRegistry`, not the process-wide `MetricsSystem`: two servers in one process
/// (tests) never share counts. Another part of the server adds its own the same way, through ``factory``, with
/// a name beginning `permit_` (counters end in `_total`):
///
/// ```swift
/// let sent = CoreMetrics.Counter(label: "permit_push_sends_total", dimensions: [("outcome", "delivered")], factory: metrics.factory)
/// sent.increment()
/// ```
///
/// What it counts:
/// - `permit_http_requests_total{method, route, status}`: every request answered, by method, route pattern
///   (`/permit/installations`; `NotFound`, Hummingbird's name, when no route matched) and status: a native
///   report written is a `POST` on `/permit/installations` answered 204, one not written (the storage failed) 503;
/// - `permit_cookie_writes_total`, `permit_cookie_write_failures_total` (each failed attempt),
///   `permit_cookie_writes_recovered_total`, `permit_cookie_reports_lost_total`,
///   `permit_cookie_reports_refused_total`, `permit_cookie_reports_rate_limited_total`,
///   `permit_cookie_slow_writes_total` and `permit_cookies_ignored_total`: the cookie path's
///   ``CookieWriteMetrics``, brought up to date at each scrape (``update(cookies:queuedWrites:)``);
/// - `permit_cookie_reports_waiting` and `permit_cookie_reports_pending` (gauges): reports waiting for a retry,
///   and not yet written;
/// - `permit_registry_queued_writes` (gauge): writes waiting for the group commit in flight;
/// - `permit_prunes_total{outcome}` (`done` or `failed`) and `permit_pruned_installations_total`.
package final class ServerMetrics: Sendable {
    /// The registry `/metrics` renders.
    package let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory over ``registry``: how a part of the server makes its own counters.
    package let factory: PrometheusMetricsFactory

    private let cookieCounters: [(read: any KeyPath<CookieWriteMetrics, Int> & Sendable, counter: CoreMetrics.Counter)]
    private let cookiesWaiting: CoreMetrics.Gauge
    private let cookiesPending: CoreMetrics.Gauge
    private let queuedWrites: CoreMetrics.Gauge
    private let prunedInstallations: CoreMetrics.Counter
    private let exported = Locked(CookieWriteMetrics())
    private let requestCounters = Locked([RequestKey: CoreMetrics.Counter]())

    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    /// Creates the counters in a new registry.
    package init() {
        let registry = PrometheusCollectorRegistry()
        let factory = PrometheusMetricsFactory(registry: registry)
        self.registry = registry
        self.factory = factory
        func counter(_ name: String) -> CoreMetrics.Counter { CoreMetrics.Counter(label: name, factory: factory) }
        cookieCounters = [
            (\CookieWriteMetrics.written, counter("permit_cookie_writes_total")),
            (\CookieWriteMetrics.failedAttempts, counter("permit_cookie_write_failures_total")),
            (\CookieWriteMetrics.recovered, counter("permit_cookie_writes_recovered_total")),
            (\CookieWriteMetrics.lost, counter("permit_cookie_reports_lost_total")),
            (\CookieWriteMetrics.refused, counter("permit_cookie_reports_refused_total")),
            (\CookieWriteMetrics.rateLimited, counter("permit_cookie_reports_rate_limited_total")),
            (\CookieWriteMetrics.slowWrites, counter("permit_cookie_slow_writes_total")),
            (\CookieWriteMetrics.ignoredCookies, counter("permit_cookies_ignored_total")),
        ]
        cookiesWaiting = CoreMetrics.Gauge(label: "permit_cookie_reports_waiting", factory: factory)
        cookiesPending = CoreMetrics.Gauge(label: "permit_cookie_reports_pending", factory: factory)
        queuedWrites = CoreMetrics.Gauge(label: "permit_registry_queued_writes", factory: factory)
        prunedInstallations = counter("permit_pruned_installations_total")
        // Present from the first scrape, at zero, so that a rate over them is defined before the first prune.
        for outcome in ["done", "failed"] {
            _ = CoreMetrics.Counter(label: "permit_prunes_total", dimensions: [("outcome", outcome)], factory: factory)
        }
    }

    /// Counts a request answered with `status`; `route` is the matched route's pattern, `nil` when none matched.
    package func countRequest(method: String, route: String?, status: Int) {
        let key = RequestKey(
            method: Self.standardMethods.contains(method) ? method : "other", route: route ?? "none", status: status)
        let counter = requestCounters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(
                label: "permit_http_requests_total",
                dimensions: [("method", key.method), ("route", key.route), ("status", String(key.status))],
                factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
    }

    /// Counts a pruning pass: `pruned` installations deleted, or `nil` when the pass failed.
    package func countPrune(pruned: Int?) {
        CoreMetrics.Counter(label: "permit_prunes_total", dimensions: [("outcome", pruned == nil ? "failed" : "done")], factory: factory)
            .increment()
        if let pruned, pruned > 0 { prunedInstallations.increment(by: pruned) }
    }

    /// Brings the cookie path's counters up to `cookies` (the writer's counts since it was created: each counter
    /// grows by what it grew since the last update) and sets the gauges.
    package func update(cookies: CookieWriteMetrics, queuedWrites: Int) {
        exported.withLock { last in
            for (read, counter) in cookieCounters where cookies[keyPath: read] > last[keyPath: read] {
                counter.increment(by: cookies[keyPath: read] - last[keyPath: read])
            }
            last = cookies
        }
        cookiesWaiting.record(cookies.waiting)
        cookiesPending.record(cookies.pending)
        self.queuedWrites.record(queuedWrites)
    }

    /// The registry in Prometheus' text exposition format (version 0.0.4).
    package func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    private static let standardMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"]
}
