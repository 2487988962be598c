import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Permit
import PermitServer
import PermitSupport

/// A test's own server: an SQLite registry in a temporary folder, a settable wall clock, the middleware and
/// the routes on a Hummingbird router.
struct ServerWorld: Sendable {
    static let appKey = "test-app-key"
    let storage: CountingStorage
    let registry: TokenRegistry
    let clock: Locked<Date>

    /// Runs `body` with a fresh world and a client of its router.
    static func run(_ body: @Sendable (ServerWorld, any TestClientProtocol) async throws -> Void) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let logger = Logger.quiet
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: logger) { base in
            let storage = CountingStorage(base)
            let clock = Locked(Date(timeIntervalSince1970: 1_780_000_000))
            let registry = TokenRegistry(storage: storage, logger: logger, now: { clock.withLock { $0 } })
            let world = ServerWorld(storage: storage, registry: registry, clock: clock)
            let router = Router()
            router.add(middleware: RegistryMiddleware(registry: registry, logger: logger))
            ServerRoutes(registry: registry, storage: storage, appKey: AppKey(appKey), logger: logger).add(to: router)
            router.get("/") { _, _ in ServerRoutes.landingText }
            try await Application(router: router).test(.router) { client in try await body(world, client) }
        }
    }

    /// Moves the wall clock on by `seconds`.
    func advance(_ seconds: TimeInterval) { clock.withLock { $0 += seconds } }
}
