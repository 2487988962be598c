import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Permit
import PermitServer
import PermitSupport

/// A test's own server: an SQLite registry in a temporary folder, a settable wall clock, the middleware and
/// the routes on a Hummingbird router, as ``PermitServerService`` puts them together.
struct ServerWorld: Sendable {
    static let appKey = "test-app-key"
    static let adminKey = "test-admin-key"
    let storage: CountingStorage
    let registry: TokenRegistry
    /// What the middleware records through: its metrics, and ``CookieWriter/settled()`` to wait for retries.
    let writer: CookieWriter
    let clock: Locked<Date>

    /// Runs `body` with a fresh world over an SQLite file in a temporary folder, and a client of its router.
    static func run(
        limits: ReportLimits = ReportLimits(), _ body: @Sendable (ServerWorld, any TestClientProtocol) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            try await run(storage: storage, limits: limits, body)
        }
    }

    /// Runs `body` with a world over `storage`, its cookie writes waiting and retrying on `clock`; the writer runs
    /// beside the router (``CookieWriter/run()``), as in the server, and is cancelled after `body`.
    ///
    /// A request waits for its write up to `wait`: 30 s by default, so that a test may read the storage right
    /// after a request however loaded the machine (the server's own wait is 100 ms).
    static func run(
        storage base: any RegistryStorage, limits: ReportLimits = ReportLimits(),
        clock writeClock: any Clock<Duration> = ContinuousClock(), wait: Duration = .seconds(30), logger: Logger = .quiet,
        _ body: @Sendable (ServerWorld, any TestClientProtocol) async throws -> Void
    ) async throws {
        let storage = CountingStorage(base)
        let clock = Locked(Date(timeIntervalSince1970: 1_780_000_000))
        let registry = TokenRegistry(storage: storage, logger: logger, now: { clock.withLock { $0 } })
        let writer = CookieWriter(registry: registry, wait: wait, clock: writeClock, logger: logger)
        let world = ServerWorld(storage: storage, registry: registry, writer: writer, clock: clock)
        let router = Router()
        router.add(middleware: RegistryMiddleware(writer: writer, limits: limits, logger: logger))
        ServerRoutes(
            registry: registry, storage: storage, appKey: SecretKey(appKey), adminKey: SecretKey(adminKey), limits: limits,
            logger: logger
        ).add(to: router)
        router.get("/") { _, _ in ServerRoutes.landingText }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await writer.run() }
            defer { group.cancelAll() }
            try await Application(router: router).test(.router) { client in try await body(world, client) }
        }
    }

    /// Moves the wall clock on by `seconds`.
    func advance(_ seconds: TimeInterval) { clock.withLock { $0 += seconds } }
}
