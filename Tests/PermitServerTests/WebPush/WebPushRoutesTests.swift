import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PermitServer
import Testing

/// The Web Push routes over a router: a page subscribes with its proven installation cookie, a site sends to
/// the endpoint, and the message is queued for the installation's native push; each bad input gets its 4xx
/// with a reason, and queues nothing.
@Suite struct WebPushRoutesTests {
    static let origin = "https://shop.example"
    static let installation = "inst-web-push"

    /// A test's server: the routes over an SQLite registry with one installation (with a token, and proven),
    /// a site's VAPID key, and the page's cookie.
    struct World: Sendable {
        let storage: SQLRegistryStorage
        let client: any TestClientProtocol
        let cookie: String
        let siteKey = P256.Signing.PrivateKey()

        /// The page subscribes with the site's key, and gets its subscription's JSON.
        func subscribe(key: P256.Signing.PrivateKey? = nil) async throws -> Subscription {
            let answer = try await trySubscribe(key: key)
            #expect(answer.status == .ok)
            return try #require(answer.subscription)
        }

        /// The page asks to subscribe: the status, and the subscription when there is one.
        func trySubscribe(key: P256.Signing.PrivateKey? = nil, headers: HTTPFields? = nil) async throws -> (status: HTTPResponse.Status, subscription: Subscription?) {
            let serverKey = JSONWebToken.base64URL((key ?? siteKey).publicKey.x963Representation)
            return try await client.execute(
                uri: WebPushRoutes.subscriptionPath, method: .post, headers: headers ?? pageHeaders,
                body: ByteBuffer(string: #"{"applicationServerKey":"\#(serverKey)"}"#)
            ) { response in
                (response.status, try? JSONDecoder().decode(Answer.self, from: Data(response.body.readableBytesView)).subscription)
            }
        }

        var pageHeaders: HTTPFields {
            [.cookie: cookie, HTTPField.Name("Host")!: "shop.example", HTTPField.Name("X-Forwarded-Proto")!: "https",
             .contentType: "application/json"]
        }

        /// The installation's active subscription on the page's origin, as stored.
        var stored: WebPushSubscriptions.Subscription? {
            get async throws { try await storage.webPushSubscriptions.active(installation: installation, audience: origin) }
        }

        /// A site's push of `payload` to `subscription`, as a Web Push library sends it, with `change` applied to
        /// the headers and body first; returns the status and the reason.
        func push(
            _ payload: String, to subscription: Subscription, change: (inout HTTPFields, inout Data) throws -> Void = { _, _ in }
        ) async throws -> (status: HTTPResponse.Status, reason: String, location: String?) {
            var body = try WebPushTestSender.encrypt(Data(payload.utf8), to: subscription.p256dh, auth: subscription.auth)
            var headers: HTTPFields = [
                .authorization: try WebPushTestSender.authorization(key: siteKey, audience: origin, expiry: Date().addingTimeInterval(3600)),
                .contentEncoding: "aes128gcm", HTTPField.Name("TTL")!: "60", .contentType: "application/octet-stream",
            ]
            try change(&headers, &body)
            let path = String(subscription.endpoint.dropFirst(origin.count))
            return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
                (response.status, String(buffer: response.body), response.headers[.location])
            }
        }

        var queued: Int { get async throws { try await storage.pushQueue.pendingCount() } }
    }

    struct Answer: Decodable {
        var subscription: Subscription?
    }

    struct Subscription: Decodable {
        var endpoint: String
        var expirationTime: Int?
        var keys: [String: String]
        var p256dh: Data { JSONWebToken.data(base64URL: keys["p256dh"] ?? "") ?? Data() }
        var auth: Data { JSONWebToken.data(base64URL: keys["auth"] ?? "") ?? Data() }
    }

    static func run(
        token: String? = "tok-web-push", rateLimit: RateLimit = .off, _ body: @Sendable (World) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            let registry = TokenRegistry(storage: storage, logger: .quiet)
            try await registry.record(InstallationReport(
                installation: installation, token: token, platform: .ios, states: ["notifications": .granted], proof: .claim))
            let proof = try await registry.installationProofs().proof(for: installation)
            let router = Router()
            WebPushRoutes(subscriptions: storage.webPushSubscriptions, registry: registry, rateLimit: rateLimit, logger: .quiet)
                .add(to: router)
            try await Application(router: router).test(.router) { client in
                try await body(World(storage: storage, client: client, cookie: "permit_installation=\(installation)~\(proof)"))
            }
        }
    }

    // MARK: - The page's subscription

    @Test func subscribingNeedsTheInstallationCookieWithItsProof() async throws {
        try await Self.run { world in
            let key = JSONWebToken.base64URL(world.siteKey.publicKey.x963Representation)
            let forged = "permit_installation=\(Self.installation)~\(String(repeating: "A", count: 43))"
            // A token cookie proves only the installation named after it, never one a cookie names.
            let named = "permit_installation=\(Self.installation); FCM_token=tok-web-push"
            for cookie in ["", "permit_installation=\(Self.installation)", forged, named] {
                for method in [HTTPRequest.Method.post, .get, .delete] {
                    try await world.client.execute(
                        uri: WebPushRoutes.subscriptionPath, method: method, headers: [.cookie: cookie, .contentType: "application/json"],
                        body: ByteBuffer(string: #"{"applicationServerKey":"\#(key)"}"#)
                    ) { response in
                        #expect(response.status == .unauthorized, "\(method) with cookie \(cookie.prefix(30))")
                        #expect(String(buffer: response.body).contains("proof"))
                    }
                }
            }
            #expect(try await world.stored == nil)
        }
    }

    @Test func aSubscriptionIsAPushSubscriptionOnThePagesOriginAndSubscribingAgainGivesTheSameOne() async throws {
        try await Self.run { world in
            let first = try await world.subscribe()
            #expect(first.endpoint.hasPrefix(Self.origin + WebPushRoutes.pushPath))
            #expect(first.endpoint.count == (Self.origin + WebPushRoutes.pushPath).count + 43)
            #expect(first.p256dh.count == 65 && first.p256dh.first == 4)
            #expect(first.auth.count == 16)
            #expect(first.expirationTime == nil)
            #expect(try await world.subscribe().endpoint == first.endpoint)
            let read = try await world.client.execute(uri: WebPushRoutes.subscriptionPath, method: .get, headers: world.pageHeaders) {
                try JSONDecoder().decode(Answer.self, from: Data($0.body.readableBytesView)).subscription
            }
            #expect(read?.endpoint == first.endpoint)
            #expect(read?.keys == first.keys)
        }
    }

    @Test func withoutAnInstallationCookieTheTokenCookieSubscribesTheTokensInstallation() async throws {
        try await Self.run { world in
            let key = JSONWebToken.base64URL(world.siteKey.publicKey.x963Representation)
            try await world.client.execute(
                uri: WebPushRoutes.subscriptionPath, method: .post,
                headers: [.cookie: "FCM_token=another-token", HTTPField.Name("Host")!: "shop.example", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"applicationServerKey":"\#(key)"}"#)
            ) { response in #expect(response.status == .ok) }
            let named = CookieReport.installationName(token: "another-token")
            #expect(try await world.storage.webPushSubscriptions.active(installation: named, audience: "http://shop.example") != nil)
            #expect(try await world.stored == nil)
        }
    }

    @Test func aKeyThatIsNoP256PointIsRefused() async throws {
        try await Self.run { world in
            for key in ["", "not base64!", JSONWebToken.base64URL(Data(repeating: 4, count: 65)), JSONWebToken.base64URL(Data(count: 32))] {
                try await world.client.execute(
                    uri: WebPushRoutes.subscriptionPath, method: .post, headers: world.pageHeaders,
                    body: ByteBuffer(string: #"{"applicationServerKey":"\#(key)"}"#)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(String(buffer: response.body).contains("applicationServerKey"))
                }
            }
        }
    }

    // MARK: - Sending

    @Test func aPushIsQueuedForTheInstallationsNativePush() async throws {
        try await Self.run { world in
            let subscription = try await world.subscribe()
            let declarative = #"{"web_push":8030,"notification":{"title":"Order shipped","body":"Arrives Friday","navigate":"https://shop.example/orders/7"}}"#
            let sent = try await world.push(declarative, to: subscription)
            #expect(sent.status == .created)
            let push = try #require(sent.location?.split(separator: "/").last.map(String.init))
            let message = try #require(try await world.storage.pushQueue.message(of: push))
            #expect(message.title == "Order shipped")
            #expect(message.body == "Arrives Friday")
            #expect(message.data["navigate"] == "https://shop.example/orders/7")
            // The TTL of 60 s is the message's expiry, which the senders pass on.
            let lifetime = try #require(message.expires?.timeIntervalSinceNow)
            #expect(lifetime > 50 && lifetime <= 60)
            #expect(message.data["webPush"] == String(subscription.endpoint.split(separator: "/").last!))
            let status = try #require(try await world.storage.pushQueue.status(of: push))
            #expect(status.list.map(\.installation) == [Self.installation])

            let other = try await world.push(#"{"score":3}"#, to: subscription)
            #expect(other.status == .created)
            let otherPush = try #require(other.location?.split(separator: "/").last.map(String.init))
            let plain = try #require(try await world.storage.pushQueue.message(of: otherPush))
            #expect(plain.title == WebPushRoutes.standardNotification.title)
            #expect(plain.data["payload"] == #"{"score":3}"#)
            #expect(try await world.queued == 2)
        }
    }

    @Test func theSameMessageSentAgainIsAReplayAndQueuesNothing() async throws {
        try await Self.run { world in
            let subscription = try await world.subscribe()
            let body = try WebPushTestSender.encrypt(Data("once".utf8), to: subscription.p256dh, auth: subscription.auth)
            let first = try await world.push("", to: subscription) { _, sent in sent = body }
            #expect(first.status == .created)
            let again = try await world.push("", to: subscription) { _, sent in sent = body }
            #expect(again.status == .conflict)
            #expect(again.reason.contains("already received"))
            #expect(try await world.queued == 1)
        }
    }

    /// Each bad input of the issue: its status, a reason, and nothing queued.
    @Test(arguments: [
        "unknown endpoint", "no Authorization", "another scheme", "another site's key", "a signature by another key",
        "another audience", "an expired token", "a token valid for two days", "aesgcm", "no TTL", "over 4,096 bytes",
        "undecryptable", "unsubscribed", "a negative TTL", "a body too short for aes128gcm",
    ])
    func aBadPushIsRefusedWithAReasonAndQueuesNothing(input: String) async throws {
        try await Self.run { world in
            var subscription = try await world.subscribe()
            let other = P256.Signing.PrivateKey()
            var expected: HTTPResponse.Status
            switch input {
            case "unknown endpoint":
                subscription.endpoint = Self.origin + WebPushRoutes.pushPath + String(repeating: "x", count: 43)
                expected = .notFound
            case "unsubscribed":
                let id = String(subscription.endpoint.split(separator: "/").last!)
                try await world.client.execute(uri: WebPushRoutes.subscriptionPath + "?subscription=\(id)", method: .delete, headers: world.pageHeaders) {
                    #expect(String(buffer: $0.body) == #"{"unsubscribed":true}"#)
                }
                expected = .gone
            case "no Authorization", "another scheme": expected = .unauthorized
            case "aesgcm": expected = .unsupportedMediaType
            case "over 4,096 bytes": expected = .contentTooLarge
            case "no TTL", "undecryptable", "a negative TTL", "a body too short for aes128gcm": expected = .badRequest
            default: expected = .forbidden
            }
            let sent = try await world.push("hello", to: subscription) { headers, body in
                let hour = Date().addingTimeInterval(3600)
                switch input {
                case "no Authorization": headers[.authorization] = nil
                case "another scheme": headers[.authorization] = "WebPush " + (headers[.authorization] ?? "")
                case "another site's key": headers[.authorization] = try WebPushTestSender.authorization(key: other, audience: Self.origin, expiry: hour)
                case "a signature by another key":
                    headers[.authorization] = try WebPushTestSender.authorization(key: world.siteKey, audience: Self.origin, expiry: hour, signer: other)
                case "another audience":
                    headers[.authorization] = try WebPushTestSender.authorization(key: world.siteKey, audience: "https://evil.example", expiry: hour)
                case "an expired token":
                    headers[.authorization] = try WebPushTestSender.authorization(
                        key: world.siteKey, audience: Self.origin, expiry: Date().addingTimeInterval(-120))
                case "a token valid for two days":
                    headers[.authorization] = try WebPushTestSender.authorization(
                        key: world.siteKey, audience: Self.origin, expiry: Date().addingTimeInterval(2 * 86_400))
                case "aesgcm": headers[.contentEncoding] = "aesgcm"
                case "no TTL": headers[HTTPField.Name("TTL")!] = nil
                case "a negative TTL": headers[HTTPField.Name("TTL")!] = "-5"
                case "a body too short for aes128gcm": body = Data([1, 2, 3])
                case "over 4,096 bytes":
                    body = try WebPushTestSender.encrypt(Data(count: 4_000), to: subscription.p256dh, auth: subscription.auth)
                case "undecryptable": body[body.count - 1] ^= 0xFF
                default: break
                }
            }
            #expect(sent.status == expected)
            #expect(!sent.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
            #expect(sent.location == nil)
            #expect(try await world.queued == 0)
        }
    }

    @Test func aSenderThatFloodsIsToldToWaitAndQueuesOnlyWhatItsLimitAllows() async throws {
        try await Self.run(rateLimit: RateLimit(perSecond: 0.001, burst: 3)) { world in
            let subscription = try await world.subscribe()
            // Strangers without the site's key spend none of the subscription's allowance.
            let stranger = P256.Signing.PrivateKey()
            for _ in 0..<5 {
                let refused = try await world.push("spam", to: subscription) { headers, _ in
                    headers[.authorization] = try WebPushTestSender.authorization(key: stranger, audience: Self.origin, expiry: Date().addingTimeInterval(600))
                }
                #expect(refused.status == .forbidden)
            }
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<8 {
                let sent = try await world.push("message \(index)", to: subscription)
                statuses.append(sent.status)
                if sent.status == .tooManyRequests { #expect(sent.reason.contains("retry later")) }
            }
            #expect(statuses == Array(repeating: .created, count: 3) + Array(repeating: .tooManyRequests, count: 5))
            #expect(try await world.queued == 3)
        }
    }

    @Test func aPushWithoutAPayloadShowsTheDefaultNotificationAndTheTTLIsEchoed() async throws {
        try await Self.run { world in
            let subscription = try await world.subscribe()
            let path = String(subscription.endpoint.dropFirst(Self.origin.count))
            let headers: HTTPFields = [
                .authorization: try WebPushTestSender.authorization(key: world.siteKey, audience: Self.origin, expiry: Date().addingTimeInterval(600)),
                HTTPField.Name("TTL")!: "2419200",
            ]
            let push = try await world.client.execute(uri: path, method: .post, headers: headers) { response -> String? in
                #expect(response.status == .created)
                #expect(response.headers[HTTPField.Name("TTL")!] == "\(WebPushRoutes.longestTTL)")
                return response.headers[.location]?.split(separator: "/").last.map(String.init)
            }
            let pushID = try #require(push)
            let message = try #require(try await world.storage.pushQueue.message(of: pushID))
            #expect(message.title == WebPushRoutes.standardNotification.title)
            #expect(message.data["payload"] == nil && message.data["payloadBase64"] == nil)
            #expect(message.data["webPushOrigin"] == Self.origin)
            // And one with a payload echoes a TTL it keeps whole.
            var shorter = headers
            shorter[HTTPField.Name("TTL")!] = "60"
            let sent = try await world.client.execute(uri: path, method: .post, headers: shorter, body: ByteBuffer()) {
                $0.headers[HTTPField.Name("TTL")!]
            }
            #expect(sent == "60")
        }
    }

    @Test func subscribingNeedsJSONAndAnotherKeyIsAConflictThatLeavesTheFirst() async throws {
        try await Self.run { world in
            var form = world.pageHeaders
            form[.contentType] = "application/x-www-form-urlencoded"
            #expect(try await world.trySubscribe(headers: form).status == .unsupportedMediaType)
            #expect(try await world.stored == nil)
            let first = try await world.subscribe()
            #expect(try await world.trySubscribe(key: P256.Signing.PrivateKey()).status == .conflict)
            #expect(try await world.stored?.endpoint == first.endpoint)
            #expect(try await world.push("hello", to: first).status == .created)
        }
    }

    @Test func unsubscribingEndsOnlyTheNamedSubscriptionOfThisInstallation() async throws {
        try await Self.run { world in
            let first = try await world.subscribe()
            let id = String(first.endpoint.split(separator: "/").last!)
            func unsubscribe(_ id: String) async throws -> String {
                try await world.client.execute(
                    uri: WebPushRoutes.subscriptionPath + "?subscription=\(id)", method: .delete, headers: world.pageHeaders
                ) { String(buffer: $0.body) }
            }
            #expect(try await unsubscribe(String(repeating: "x", count: 43)) == #"{"unsubscribed":false}"#)
            #expect(try await world.stored != nil)
            #expect(try await unsubscribe(id) == #"{"unsubscribed":true}"#)
            #expect(try await unsubscribe(id) == #"{"unsubscribed":false}"#)
            #expect(try await world.push("hello", to: first).status == .gone)
        }
    }

    @Test func anInstallationWithoutAPushTokenIsGone() async throws {
        try await Self.run(token: nil) { world in
            let subscription = try await world.subscribe()
            let body = try WebPushTestSender.encrypt(Data("hello".utf8), to: subscription.p256dh, auth: subscription.auth)
            let sent = try await world.push("", to: subscription) { _, sent in sent = body }
            #expect(sent.status == .gone)
            #expect(sent.reason.contains("no push token"))
            // Nothing was kept of it: the same message again is gone again, not a replay.
            #expect(try await world.push("", to: subscription) { _, sent in sent = body }.status == .gone)
            #expect(try await world.queued == 0)
        }
    }
}
