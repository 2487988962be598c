import Crypto
import Foundation
import Hummingbird
import Permit
import PermitPageServer
import PermitServer
import PermitSupport
import PermitTesting
import PermitWeb
import Testing

/// The Push API Permit gives a bridged page (``WebPushOptions``), in a real engine, against the server's Web Push
/// routes on the page's own origin: the page subscribes, reads and ends its subscription as any site's code does;
/// `subscribe` asks for notifications through the policy; bad options are refused as the Push API spec says; and
/// a message pywebpush sends reaches the page as a `push` event once the app hands the native push over.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct WebPushInBrowserTests {
    static let token = "tok-web-push-page"
    static let siteKey = P256.Signing.PrivateKey()
    static var siteKeyText: String { JSONWebToken.base64URL(siteKey.publicKey.x963Representation) }

    /// The page's code, as a site writes it: the registration's `push` events are kept in `window.pushes`.
    static let page = """
        <script>
        document.cookie = 'FCM_token=\(token); path=/';
        window.pushes = [];
        function registration() {
          return navigator.serviceWorker.register('/worker.js').then(() => navigator.serviceWorker.ready).then(r => {
            if (!window.listening) {
              r.addEventListener('push', e => window.pushes.push(e.data === null ? null
                : [e.data.text(), Array.from(new Uint8Array(e.data.arrayBuffer())).join(','), typeof e.waitUntil]));
              window.listening = true;
            }
            return r;
          });
        }
        function subscribe(options) {
          return registration().then(r => r.pushManager.subscribe(options))
            .then(s => JSON.stringify(s), e => e.name);
        }
        function current() {
          return registration().then(r => r.pushManager.getSubscription()).then(s => s ? s.endpoint : null);
        }
        </script>
        """

    /// Runs `body` with a world whose page server has the Web Push routes over an SQLite registry that holds
    /// the installation named after the page's token cookie.
    static func run(engine: Engine, webPush: WebPushOptions? = WebPushOptions(replacesEnginePush: true), _ body: @Sendable (PageWorld, SQLRegistryStorage) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-web-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await RegistryEngine.sqlite(path: folder.appendingPathComponent("registry.sqlite").path).withStorage(logger: quietLogger) { storage in
            let registry = TokenRegistry(storage: storage, logger: quietLogger)
            try await registry.record(InstallationReport(
                installation: CookieReport.installationName(token: token), token: token, platform: .ios, states: [:], proof: .claim))
            let world = try await PageWorld.make(engine: engine, pages: ["/": page], webPush: webPush, routes: { router in
                WebPushRoutes(subscriptions: storage.webPushSubscriptions, registry: registry, logger: quietLogger).add(to: router)
            })
            do {
                try await world.load()
                try await body(world, storage)
            } catch {
                await world.tearDown()
                throw error
            }
            await world.tearDown()
        }
    }

    static var installation: String { CookieReport.installationName(token: token) }

    /// The installation's active subscription on the page's origin, as the server stored it.
    static func stored(_ world: PageWorld, _ storage: SQLRegistryStorage) async throws -> WebPushSubscriptions.Subscription? {
        try await storage.webPushSubscriptions.active(installation: installation, audience: world.server.origin)
    }

    @Test(arguments: Engine.available)
    func thePageSubscribesReadsAndEndsItsSubscriptionThroughTheServer(engine: Engine) async throws {
        try await Self.run(engine: engine) { (world, storage) async throws in
            #expect(try await world.evaluate("current()") == .null)
            #expect(try await world.evaluate("registration().then(r => r.pushManager.permissionState({userVisibleOnly: true}))") == .string("prompt"))
            await world.device.answerNextPrompt(for: .notifications, with: .granted)
            let made = try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: '\(Self.siteKeyText)'})")
            guard case .string(let json) = made, case .object(let subscription) = try JSONValue.parse(Data(json.utf8)),
                case .string(let endpoint) = subscription["endpoint"], case .object(let keys) = subscription["keys"]
            else { Issue.record("subscribe() gave \(String(describing: made))"); return }
            #expect(endpoint.hasPrefix(world.server.origin + WebPushRoutes.pushPath))
            #expect(subscription["expirationTime"] == .null)
            #expect(Set(keys.keys) == ["p256dh", "auth"])
            #expect(await world.device.promptCount(for: .notifications) == 1)
            let stored = try #require(try await Self.stored(world, storage))
            #expect(stored.endpoint == endpoint)
            #expect(keys["p256dh"] == .string(JSONWebToken.base64URL(stored.keys.publicKey)))
            // The object is a PushSubscription, with the keys as ArrayBuffers and the options it was made with.
            let shape = try await world.evaluate("""
                registration().then(r => r.pushManager.getSubscription()).then(s => [s instanceof PushSubscription,
                  s.getKey('p256dh').byteLength, s.getKey('auth').byteLength, s.options.userVisibleOnly,
                  s.options.applicationServerKey.byteLength].join(' '))
                """)
            #expect(shape == .string("true 65 16 true 65"))
            #expect(try await world.evaluate("registration().then(r => r.pushManager.getSubscription()).then(s => { try { s.getKey('other'); return 'no error'; } catch (e) { return e.name; } })") == .string("TypeError"))
            #expect(try await world.evaluate("registration().then(r => [r.active.state, r.active.scriptURL.endsWith('/worker.js')].join(' '))") == .string("activated true"))
            // Asked again: the same subscription, no second prompt.
            let again = try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: '\(Self.siteKeyText)'})")
            #expect(again == made)
            #expect(try await world.evaluate("current()") == .string(endpoint))
            #expect(await world.device.promptCount(for: .notifications) == 1)
            // Another key while subscribed: refused as a browser refuses it.
            let otherKey = JSONWebToken.base64URL(P256.Signing.PrivateKey().publicKey.x963Representation)
            #expect(try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: '\(otherKey)'})") == .string("InvalidStateError"))
            // Ended: the server's subscription ends too; the same object again, or a stale one, resolves false.
            #expect(try await world.evaluate("registration().then(r => r.pushManager.getSubscription()).then(s => window.held = s).then(s => s.unsubscribe())") == .bool(true))
            #expect(try await world.evaluate("window.held.unsubscribe()") == .bool(false))
            #expect(try await world.evaluate("current()") == .null)
            #expect(try await Self.stored(world, storage) == nil)
        }
    }

    @Test(arguments: Engine.available)
    func aDeniedPermissionRejectsWithNotAllowedAndMakesNoSubscription(engine: Engine) async throws {
        try await Self.run(engine: engine) { (world, storage) async throws in
            await world.device.answerNextPrompt(for: .notifications, with: .denied)
            let script = "subscribe({userVisibleOnly: true, applicationServerKey: '\(Self.siteKeyText)'})"
            let first = try await world.evaluate(script), second = try await world.evaluate(script)
            #expect(first == .string("NotAllowedError"))
            #expect(second == .string("NotAllowedError"))
            #expect(await world.device.promptCount(for: .notifications) == 1)
            #expect(try await world.evaluate("registration().then(r => r.pushManager.permissionState())") == .string("denied"))
            #expect(try await Self.stored(world, storage) == nil)
        }
    }

    @Test(arguments: Engine.available)
    func badOptionsAreRefusedAsThePushAPISaysWithoutAPrompt(engine: Engine) async throws {
        try await Self.run(engine: engine) { (world, storage) async throws in
            #expect(try await world.evaluate("subscribe({applicationServerKey: '\(Self.siteKeyText)'})") == .string("NotAllowedError"))
            #expect(try await world.evaluate("subscribe({userVisibleOnly: true})") == .string("NotSupportedError"))
            #expect(try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: 'abc'})") == .string("InvalidAccessError"))
            #expect(try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: new Uint8Array(65)})") == .string("InvalidAccessError"))
            #expect(await world.device.promptCount(for: .notifications) == 0)
            #expect(try await Self.stored(world, storage) == nil)
        }
    }

    @Test(arguments: Engine.available)
    func anEngineWithServiceWorkersKeepsThemUnlessTheAppReplacesThem(engine: Engine) async throws {
        let probe = "Object.getOwnPropertyDescriptor(navigator, 'serviceWorker') !== undefined"
        let enginesOwn = Locked(false)
        try await Self.run(engine: engine, webPush: nil) { (world, _) async throws in
            #expect(try await world.evaluate(probe) == .bool(false))
            let has = try await world.evaluate("!!navigator.serviceWorker") == .bool(true)
            enginesOwn.withLock { $0 = has }
        }
        let engineHasServiceWorkers = enginesOwn.withLock { $0 }
        try await Self.run(engine: engine, webPush: WebPushOptions()) { (world, _) async throws in
            // Permit's only where the engine has none.
            #expect(try await world.evaluate(probe) == .bool(!engineHasServiceWorkers))
        }
        try await Self.run(engine: engine) { (world, _) async throws in
            #expect(try await world.evaluate(probe) == .bool(true))
            #expect(try await world.evaluate("/\\[native code\\]/.test(Function.prototype.toString.call(PushManager))") == .bool(false))
        }
    }

    @Test(arguments: Engine.available)
    func withoutCookiesThereIsNoSubscriptionToReadAndNoneToMake(engine: Engine) async throws {
        try await Self.run(engine: engine) { (world, storage) async throws in
            _ = try await world.evaluate("document.cookie = 'FCM_token=; max-age=0; path=/'")
            #expect(try await world.evaluate("current()") == .null)
            await world.device.answerNextPrompt(for: .notifications, with: .granted)
            #expect(try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: '\(Self.siteKeyText)'})") == .string("AbortError"))
            #expect(try await Self.stored(world, storage) == nil)
        }
    }

    @Test(arguments: Engine.available)
    func aPushTheAppHandsOverIsThePagesPushEventOnTheSubscribingOriginOnly(engine: Engine) async throws {
        try await Self.run(engine: engine) { (world, _) async throws in
            _ = try await world.evaluate("registration().then(() => true)")
            let origin = world.server.origin
            // Another origin's message is handed to the bridge, which gives it to no one here.
            #expect(await world.bridge.receivedPush(data: ["webPush": "sub-2", "webPushOrigin": "https://other.example", "payload": "theirs"]))
            let text = #"{"score":3}"#
            #expect(await world.bridge.receivedPush(data: ["webPush": "sub-1", "webPushOrigin": origin, "payload": text]))
            try await world.wait(for: "window.pushes.length", toBe: .number(1))
            #expect(try await world.evaluate("window.pushes[0][0]") == .string(text))
            #expect(try await world.evaluate("window.pushes[0][2]") == .string("function"))
            // A payload that is not UTF-8 arrives as its bytes; a push without one has null data.
            let bytes = Data([0xFF, 0x00, 0x7F])
            #expect(await world.bridge.receivedPush(data: ["webPush": "sub-1", "webPushOrigin": origin, "payloadBase64": bytes.base64EncodedString()]))
            #expect(await world.bridge.receivedPush(data: ["webPush": "sub-1", "webPushOrigin": origin]))
            try await world.wait(for: "window.pushes.length", toBe: .number(3))
            #expect(try await world.evaluate("window.pushes[1][1]") == .string("255,0,127"))
            #expect(try await world.evaluate("window.pushes[2]") == .null)
            // A push that is not Web Push is not the page's.
            #expect(await !world.bridge.receivedPush(data: ["orderID": "7"]))
        }
    }

    @Test(.enabled(if: PyWebPush.python != nil || ProcessInfo.processInfo.environment["CI"] == "true", "pywebpush is not installed (scripts/setup installs it)"),
          arguments: Engine.available)
    func pywebpushReachesThePageAsAPushEvent(engine: Engine) async throws {
        try await Self.run(engine: engine) { (world, storage) async throws in
            await world.device.answerNextPrompt(for: .notifications, with: .granted)
            guard case .string(let json) = try await world.evaluate("subscribe({userVisibleOnly: true, applicationServerKey: '\(Self.siteKeyText)'})")
            else { Issue.record("no subscription"); return }
            let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("permit-vapid-\(UUID().uuidString).pem").path
            defer { try? FileManager.default.removeItem(atPath: keyFile) }
            try Self.siteKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let payload = #"{"web_push":8030,"notification":{"title":"Shipped","navigate":"\#(world.server.origin)/?order=9"}}"#
            let sent = try await PyWebPush.send(payload, to: json, keyFile: keyFile)
            #expect(sent.status == 201, "\(sent.output)")
            // The queue's send, as the worker would take it to FCM, and the app's handler of it.
            let claim = try #require(try await storage.pushQueue.claim(limit: 10, at: Date(), lease: .seconds(60)).first)
            let message = try #require(try await storage.pushQueue.message(of: claim.push))
            #expect(message.title == "Shipped")
            #expect(claim.target.token == Self.token)
            #expect(await world.bridge.receivedPush(data: message.data))
            try await world.wait(for: "window.pushes.length", toBe: .number(1))
            #expect(try await world.evaluate("window.pushes[0][0]") == .string(payload))
            // The person taps the notification: the page's origin, so the web view opens it.
            #expect(await world.bridge.openedNotification(data: message.data))
            try await world.wait(for: "location.search", toBe: .string("?order=9"))
        }
    }
}
