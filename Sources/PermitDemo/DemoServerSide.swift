import Foundation
package import Hummingbird
package import Logging
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import PermitPageServer
package import PermitServer
import Permit
import PermitSupport

/// The demo's server side, as a hybrid app's backend runs it: a `PermitServer` registry on SQLite behind the demo's
/// page server (every page request's `FCM_token` and `p_…` cookies recorded, grant rates at
/// `/permit/grant-rates.html`), a fake FCM on loopback that delivers to the simulated device whose token a push is
/// addressed to, and the FCM sender that goes through it.
///
/// It runs from ``start(logger:)`` to ``close()`` in the task of its fake FCM's server, and its cookie writer
/// (``CookieWriter/run()``) runs in the same task, beside that server: as `PermitServerService` runs it beside its
/// own, in a task group, and gives its writes a last chance before it stops.
package final class DemoServerSide: Sendable {
    /// The app key of the demo's server, which native reports carry.
    package static let appKey = "demo-app-key"
    /// The admin key of the demo's server: the grant-rate page's password.
    package static let adminKey = "demo-admin-key"

    /// The registry the middleware records into.
    package let registry: TokenRegistry
    /// The registry's storage, for the demo's checks.
    package let storage: SQLRegistryStorage
    /// Sends through the fake FCM, removing the tokens it calls unregistered.
    package let delivery: PushDelivery
    /// Records what the page requests' cookies report, for the middleware ``install(on:)`` adds.
    private let writer: CookieWriter
    private let executor: SQLiteExecutor
    private let fcm: LoopbackServer
    private let folder: URL
    private let recipient: Locked<@Sendable (String, PushMessage) async -> Bool>
    private let logger: Logger

    private init(
        registry: TokenRegistry, storage: SQLRegistryStorage, delivery: PushDelivery, writer: CookieWriter,
        executor: SQLiteExecutor, fcm: LoopbackServer, folder: URL,
        recipient: Locked<@Sendable (String, PushMessage) async -> Bool>, logger: Logger
    ) {
        self.registry = registry
        self.storage = storage
        self.delivery = delivery
        self.writer = writer
        self.executor = executor
        self.fcm = fcm
        self.folder = folder
        self.recipient = recipient
        self.logger = logger
    }

    /// Opens the registry in a new temporary folder, and starts the fake FCM and, beside it, the cookie writer.
    package static func start(logger: Logger) async throws -> DemoServerSide {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-demo-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let executor = try await SQLiteExecutor.open(path: folder.appendingPathComponent("registry.sqlite").path, logger: logger)
        let storage = SQLRegistryStorage(executor: executor)
        try await storage.prepare()
        let registry = TokenRegistry(storage: storage, logger: logger)
        // The demo reads the registry right after a page load: its requests wait for their writes, however slow.
        let writer = CookieWriter(registry: registry, wait: .seconds(30), logger: logger)
        let recipient = Locked<@Sendable (String, PushMessage) async -> Bool>({ _, _ in false })
        let fcm = try await LoopbackServer.start(router: fakeFCM(recipient: recipient), logger: logger) { await writer.run() }
        let account = try FCMServiceAccount.generated(
            projectID: "permit-demo", clientEmail: "push@permit-demo.invalid", tokenURI: fcm.origin + "/token")
        let sender = try FCMSender(account: account, endpoint: fcm.origin, timeout: .seconds(5), logger: logger)
        let delivery = PushDelivery(
            registry: registry, services: [.ios: sender, .android: sender], schedule: RetrySchedule(attempts: 1), logger: logger)
        return DemoServerSide(
            registry: registry, storage: storage, delivery: delivery, writer: writer, executor: executor, fcm: fcm,
            folder: folder, recipient: recipient, logger: logger)
    }

    /// Adds the registry's middleware and the server's own routes (with Web Push's) to the page server's router.
    package func install(on router: Router<BasicRequestContext>) {
        router.add(middleware: RegistryMiddleware(writer: writer, logger: logger))
        ServerRoutes(
            registry: registry, storage: storage, appKey: SecretKey(Self.appKey), adminKey: SecretKey(Self.adminKey),
            logger: logger
        ).add(to: router)
        WebPushRoutes(subscriptions: storage.webPushSubscriptions, registry: registry, logger: logger).add(to: router)
    }

    /// Sends what the push queue holds (a site's Web Push, queued by the page server's push endpoint) through
    /// the fake FCM once, as a server's queue worker would; returns how many sends it made.
    package func drainPushQueue() async throws -> Int {
        try await PushQueueWorker(queue: storage.pushQueue, delivery: delivery, configuration: .init(), logger: logger).drainOnce()
    }

    /// Where the fake FCM delivers from now on: `deliver(token, message)` says whether the token reached a device
    /// (FCM answers `UNREGISTERED` when it did not).
    package func deliver(to deliver: @escaping @Sendable (String, PushMessage) async -> Bool) {
        recipient.withLock { $0 = deliver }
    }

    /// The grant-rate page of the server at `origin`, fetched as a browser would, with the admin key as the password.
    package func grantRatesPage(origin: String) async throws -> String {
        var request = HTTPClientRequest(url: origin + "/permit/grant-rates.html")
        request.headers.add(name: "Authorization", value: "Basic " + Data("demo:\(Self.adminKey)".utf8).base64EncodedString())
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code == 200 else {
            throw DemoError("the grant-rate page answered HTTP \(response.status.code)")
        }
        return String(buffer: body)
    }

    /// Gives the cookie writes a last chance (the page server has stopped), stops the fake FCM and the writer,
    /// closes the registry and deletes its folder.
    package func close() async {
        _ = await writer.finish(within: .seconds(5))
        await fcm.stop()
        try? await executor.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// FCM's two endpoints as far as the demo needs them: any signed assertion gets an access token, and a message
    /// to a token no device holds is answered `UNREGISTERED` (404), as FCM does.
    private static func fakeFCM(recipient: Locked<@Sendable (String, PushMessage) async -> Bool>) -> Router<BasicRequestContext> {
        struct Send: Decodable {
            struct Message: Decodable {
                struct Notification: Decodable {
                    var title: String?
                    var body: String?
                }

                var token: String
                var notification: Notification?
                var data: [String: String]?
            }

            var message: Message
        }
        let router = Router()
        router.post("/token") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"access_token":"demo-access","expires_in":3600}"#)))
        }
        router.post("/v1/projects/permit-demo/messages:send") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024)
            guard let send = try? JSONDecoder().decode(Send.self, from: Data(body.readableBytesView)) else {
                return Response(status: .badRequest)
            }
            let message = PushMessage(
                title: send.message.notification?.title, body: send.message.notification?.body, data: send.message.data ?? [:])
            if await recipient.withLock({ $0 })(send.message.token, message) {
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: #"{"name":"projects/permit-demo/messages/1"}"#)))
            }
            let unregistered = #"{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND","#
                + #""details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}"#
            return Response(
                status: .notFound, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: unregistered)))
        }
        return router
    }
}
