import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PermitServer
import Testing

/// `/permit/forward-auth` in process: it answers 204 without waiting for the write, whatever the request carries,
/// and its report is written once.
@Suite struct ForwardAuthRouteTests {
    /// Runs `body` with a router as the server builds it (the route before the middleware, the writer running
    /// beside it), over `storage`; the middleware's requests wait up to 30 s for their writes, so that a wait would
    /// show.
    private func withRouter(
        storage: any RegistryStorage, _ body: @Sendable (CookieWriter, any TestClientProtocol) async throws -> Void
    ) async throws {
        let registry = TokenRegistry(storage: storage, logger: .quiet)
        let writer = CookieWriter(registry: registry, wait: .seconds(30), logger: .quiet)
        let middleware = RegistryMiddleware<BasicRequestContext>(writer: writer, logger: .quiet)
        let router = Router()
        ForwardAuthRoute(middleware: middleware).add(to: router)
        router.add(middleware: middleware)
        router.get("/") { _, _ in ServerRoutes.landingText }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await writer.run() }
            defer { group.cancelAll() }
            try await Application(router: router).test(.router) { client in try await body(writer, client) }
        }
    }

    /// Another connection holds SQLite's write lock, so the write waits for the busy timeout (5 s): the proxy's
    /// request is answered 204 at once all the same, and the report is written once the lock is released.
    @Test(.timeLimit(.minutes(1)))
    func itAnswersAtOnceWhileTheWriteWaits() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { base in
            let storage = CountingStorage(base)
            let holder = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
            _ = try await holder.rows(SQLStatement("BEGIN IMMEDIATE"))
            try await withRouter(storage: storage) { writer, client in
                let started = ContinuousClock.now
                try await client.execute(
                    uri: ForwardAuthRoute<BasicRequestContext>.path, method: .get,
                    headers: [.cookie: "permit_installation=held-1; FCM_token=held-token; p_Camera=yes"]
                ) { response in
                    #expect(response.status == .noContent)
                    #expect(response.body.readableBytes == 0)
                }
                let elapsed = started.duration(to: .now)
                #expect(elapsed < .seconds(2), "answered after \(elapsed): it waited for the write")
                #expect(writer.metrics.pending == 1, "the write should still wait for the lock")
                #expect(writer.metrics.slowWrites == 0)
                _ = try await holder.rows(SQLStatement("COMMIT"))
                await writer.settled()
                #expect(try await storage.record(installation: "held-1")?.token == "held-token")
                #expect(storage.saves == 1, "the report was written \(storage.saves) times")
            }
            try await holder.close()
        }
    }

    /// The proxy asks about every request of a page, so the same cookies arrive again before their write is done:
    /// they are written once, and counted as one write.
    @Test func aBurstOfTheSameReportIsWrittenOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { base in
            let storage = CountingStorage(base)
            try await withRouter(storage: storage) { writer, client in
                for _ in 0..<20 {
                    try await client.execute(
                        uri: ForwardAuthRoute<BasicRequestContext>.path, method: .get,
                        headers: [.cookie: "permit_installation=burst-1; FCM_token=burst-token; p_Camera=yes"]
                    ) { response in
                        #expect(response.status == .noContent)
                    }
                }
                await writer.settled()
                #expect(storage.saves == 1)
                #expect(writer.metrics.written == 1, "counted \(writer.metrics.written) writes for one")
            }
        }
    }

    /// Whatever the request carries (no cookies, malformed ones, a body) and whatever its method, the answer is
    /// 204: the proxy must never refuse a visitor because of Permit.
    @Test(arguments: [
        (HTTPRequest.Method.get, ""), (.get, "FCM_token=a b c; permit_installation=%%%"), (.post, "p_Camera=maybe"),
        (.head, "FCM_token=ok-token"), (.put, ""), (.delete, ""), (.patch, ""),
    ])
    func itAlwaysAnswers204(method: HTTPRequest.Method, cookie: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            try await withRouter(storage: storage) { _, client in
                try await client.execute(
                    uri: ForwardAuthRoute<BasicRequestContext>.path, method: method,
                    headers: cookie.isEmpty ? [:] : [.cookie: cookie], body: ByteBuffer(string: "ignored")
                ) { response in
                    #expect(response.status == .noContent)
                }
            }
        }
    }
}
