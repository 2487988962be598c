import Foundation
import Hummingbird
import NIOCore
package import Logging
import PermitSupport

/// The whole server behind `permit server`: the registry middleware in front of the app's pages, the native
/// report and grant-rate routes, and the pruner, on one engine.
package struct PermitServerService: Sendable {
    /// Where to listen, which engine to use and the app key.
    package struct Configuration: Sendable {
        /// The host to bind; loopback by default.
        package var host = "127.0.0.1"
        /// The port; 0 lets the system pick one.
        package var port = 8080
        /// The engine keeping the registry.
        package var engine: RegistryEngine
        /// The key native apps send; empty refuses every native report.
        package var appKey: String
        /// The operator's key, for the grant rates and deleting installations; empty refuses those routes.
        package var adminKey: String
        /// The cookie names and limits.
        package var limits = ReportLimits()
        /// When tokens are stale.
        package var prunePolicy = PrunePolicy()
        /// How often the pruner runs.
        package var pruneInterval: Duration = .seconds(3_600)
        /// How long one database call may take before it fails (and a native report answers 503).
        package var databaseDeadline: Duration = .seconds(5)
        /// How long an orderly stop waits for the cookie and forward-auth writes its requests started, after
        /// the requests themselves, and lets the push worker's batch in hand go on (before it cuts short what is
        /// still in flight and records the batch): keep it and the deadline under the process's drain limit.
        package var writesWaitOnStop: Duration = .seconds(4)
        /// How long the start may wait for the database to answer before it gives up.
        package var startTimeout: Duration = .seconds(30)
        /// How long a connection may send nothing the server can read as a part of a request (a request's
        /// head, a piece of its body) before it is closed: this bounds a client that opens a connection and
        /// sends its headers a byte at a time, or nothing at all, and an idle kept-alive connection.
        package var idleTimeout: Duration = .seconds(10)
        /// How long a native report's body may take to arrive in full (408 after that).
        package var bodyDeadline: Duration = .seconds(10)
        /// How many connections are open at most; further ones wait in the listen queue until one closes.
        /// Keep it below the process's open-file limit, which the database and the log also use.
        package var maxConnections = 1_000
        /// How fast one client address and one installation may write, and which proxies name the client.
        package var clientLimits = ClientLimits()
        /// Whether each request is logged at info, one line (``AccessMiddleware``).
        package var accessLog = true
        /// The TLS of a PostgreSQL engine's connections: the start's check uses it; the engine's configuration
        /// must carry the same (``PostgresTLS/client``).
        package var postgresTLS = PostgresTLS()
        /// What the push queue's worker sends with; `nil` runs no worker (`POST /permit/push` still queues, for
        /// servers that have one).
        package var push: PushSending?
        /// The notification a site's Web Push shows when its payload is not a declarative one.
        package var webPushDefault = WebPushRoutes.standardNotification
        /// The origin Web Push endpoints are made on (`https://push.shop.example`), or `nil` to take each page's.
        package var webPushOrigin: String?

        /// Creates a configuration for `engine`.
        package init(engine: RegistryEngine, appKey: String, adminKey: String) {
            self.engine = engine
            self.appKey = appKey
            self.adminKey = adminKey
        }
    }

    private let configuration: Configuration
    private let logger: Logger

    /// Creates the service.
    package init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs until the process gets SIGINT or SIGTERM (or the task is cancelled); `onRunning` is told the
    /// port once the server listens.
    ///
    /// Before it listens, the database must answer within ``Configuration/startTimeout``: an unreachable
    /// PostgreSQL, refused credentials or a missing database throw ``ServerError/storageUnreachable`` with one
    /// sentence saying which.
    ///
    /// Its long-lived parts (the pruner, the cookie writer, the push worker) run beside the app in a task group.
    /// It stops in order: the app finishes its requests; then, together, the cookie writes those requests started
    /// get their last chance (``CookieWriter/finish(within:)``) and the push worker, asked to stop, records its batch
    /// in hand (``PushQueueWorker/run(until:grace:)``), each within ``Configuration/writesWaitOnStop``; only then is
    /// the rest cancelled.
    package func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let configuration = configuration, logger = logger
        try await configuration.engine.checkAvailable(
            within: configuration.startTimeout, tls: configuration.postgresTLS, logger: logger)
        try await configuration.engine.withStorage(
            logger: logger, deadline: configuration.databaseDeadline, prepareDeadline: configuration.startTimeout
        ) { storage in
            let registry = TokenRegistry(storage: storage, logger: logger)
            // The proof key, created by the first server of the registry and read by every other, is read before
            // the first request, so that the cookie path checks proofs from memory.
            _ = try await registry.installationProofs()
            let router = Router(context: PermitRequestContext.self)
            let limiter = ClientLimiter(configuration.clientLimits, logger: logger)
            let metrics = ServerMetrics()
            router.add(middleware: AccessMiddleware(metrics: metrics, logger: configuration.accessLog ? logger : nil))
            let writer = CookieWriter(registry: registry, logger: logger)
            let cookies = RegistryMiddleware<PermitRequestContext>(
                writer: writer, limits: configuration.limits, limiter: limiter, logger: logger)
            // Forward auth and the operations routes come before the cookie middleware: forward auth records
            // through it without waiting (ForwardAuthRoute), and probes carry no report.
            ForwardAuthRoute(middleware: cookies).add(to: router)
            OperationsRoutes(
                ready: { try await storage.ping() }, metrics: metrics, writer: writer,
                queuedWrites: { await registry.queuedWriteCount }, logger: logger
            ).add(to: router)
            router.add(middleware: cookies)
            ServerRoutes(
                registry: registry, storage: storage, appKey: SecretKey(configuration.appKey),
                adminKey: SecretKey(configuration.adminKey), limits: configuration.limits,
                bodyDeadline: configuration.bodyDeadline, limiter: limiter, logger: logger
            ).add(to: router)
            PushRoutes(queue: storage.pushQueue, adminKey: SecretKey(configuration.adminKey), limits: configuration.limits, logger: logger)
                .add(to: router)
            WebPushRoutes(
                subscriptions: storage.webPushSubscriptions, registry: registry, limits: configuration.limits,
                rateLimit: configuration.clientLimits.perInstallation, defaultNotification: configuration.webPushDefault,
                publicOrigin: configuration.webPushOrigin, logger: logger
            ).add(to: router)
            router.get("/") { _, _ in ServerRoutes.landingText }
            let pruner = TokenPruner(storage: storage, registry: registry, policy: configuration.prunePolicy,
                                     interval: configuration.pruneInterval, clock: ContinuousClock(), logger: logger,
                                     metrics: metrics)
            let app = Application(
                router: router,
                server: .http1(configuration: .init(idleTimeout: TimeAmount(configuration.idleTimeout))),
                configuration: .init(
                    address: .hostname(configuration.host, port: configuration.port),
                    availableConnectionsDelegate: ConnectionLimit(configuration.maxConnections, logger: logger)),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                logger: logger)
            // The order at stop: the app stops (its requests done), then the writes its requests started and the push
            // worker's batch get their last chance, together; only then is the rest cancelled.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await pruner.run() }
                group.addTask { await writer.run() }
                defer { group.cancelAll() }
                let stopWorker = Signal()
                try await withThrowingTaskGroup(of: Void.self) { stopping in
                    if let push = configuration.push {
                        let delivery = PushDelivery(registry: registry, services: push.services, schedule: push.worker.schedule, logger: logger)
                        let worker = PushQueueWorker(queue: storage.pushQueue, delivery: delivery, configuration: push.worker, logger: logger)
                        stopping.addTask { await worker.run(until: stopWorker, grace: configuration.writesWaitOnStop) }
                    }
                    // Thrown out of (the app failed), the worker is cancelled with the rest.
                    try await app.runService()
                    // Asked to stop, the worker claims nothing more, gives its batch in hand the same last chance and
                    // records it (a cancellation would refuse the recording's queries); this scope waits for it.
                    stopWorker.fire()
                    // The writes that the cookie path and forward auth started outlive their requests: on an orderly
                    // stop they get a last chance to land (before, the process could exit under them).
                    if await !writer.finish(within: configuration.writesWaitOnStop) {
                        let metrics = writer.metrics
                        logger.error("stopping with cookie reports not written", metadata: [
                            "pending": "\(metrics.pending)", "waitingForRetry": "\(metrics.waiting)",
                        ])
                    }
                }
            }
        }
    }
}
