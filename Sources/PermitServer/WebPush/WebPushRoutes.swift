package import Foundation
package import Hummingbird
package import Logging
import NIOCore
import HTTPTypes

/// The Web Push routes: a bridged page subscribes through its own cookies, and a site's backend sends to the
/// subscription's endpoint as to any push service (RFC 8030, with RFC 8291's encryption and RFC 8292's VAPID).
///
/// For the page, authenticated by the installation cookie with its proof (``InstallationProofs``), or, without
/// one, by the push-token cookie for the installation named after the token:
/// - `POST /permit/web-push/subscription` with `{"applicationServerKey": BASE64URL}`: the installation's
///   subscription for that key, the one it has or a new one: `{"subscription": …, "applicationServerKey": …}`,
///   the first as a `PushSubscription`'s JSON (`endpoint`, `expirationTime`, `keys.p256dh`, `keys.auth`); 400
///   for a key that is no P-256 point.
/// - `GET /permit/web-push/subscription`: the same, both `null` when it has none.
/// - `DELETE /permit/web-push/subscription`: ends it; `{"unsubscribed": true}`, `false` when there was none.
///
/// Each answers 401 without either, 503 when the storage failed. The
/// endpoint's origin is the one the page reached the server at: `Host`, with `X-Forwarded-Proto`'s scheme
/// behind a proxy (`http` without it).
///
/// For the site's backend, `POST /permit/web-push/push/ID`: 201 with `Location` once the message is queued
/// for the installation's native push (``WebPushContent`` says what it becomes). Each refusal is a 4xx with a
/// one-line reason, and queues nothing (``WebPushRefusal``): 404 for an unknown endpoint, 410 for an ended
/// subscription or an installation without a push token, 401 or 403 for VAPID, 415 for another encoding,
/// 413 for a body over 4,096 bytes, 400 for one that does not decrypt or a request without `TTL`, 409 for a
/// replay, 429 with `Retry-After` for a sender over its ``ClientLimits``.
package struct WebPushRoutes: Sendable {
    private let subscriptions: WebPushSubscriptions
    private let registry: TokenRegistry
    private let limits: ReportLimits
    private let limiter: ClientLimiter?
    private let defaultNotification: PushMessage
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// The path of a subscription's endpoint, before its identifier.
    package static let pushPath = "/permit/web-push/push/"
    /// The path the page subscribes, reads and unsubscribes at.
    package static let subscriptionPath = "/permit/web-push/subscription"
    /// What a payload that is not a declarative notification shows, unless told otherwise.
    package static let standardNotification = PushMessage(title: "New notification")

    /// Creates the routes.
    ///
    /// - Parameter defaultNotification: what a payload that is not a declarative notification shows.
    package init(
        subscriptions: WebPushSubscriptions, registry: TokenRegistry, limits: ReportLimits = ReportLimits(),
        limiter: ClientLimiter? = nil, defaultNotification: PushMessage = WebPushRoutes.standardNotification,
        logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.subscriptions = subscriptions
        self.registry = registry
        self.limits = limits
        self.limiter = limiter
        self.defaultNotification = defaultNotification
        self.logger = logger
        self.now = now
    }

    /// Adds the routes to `router`.
    package func add<Context: RequestContext>(to router: Router<Context>) {
        router.add(RouterPath(Self.subscriptionPath), handlers: [
            .post: { request, _ in try await self.page(request) { installation in try await self.subscribe(request, installation) } },
            .get: { request, _ in try await self.page(request) { installation in try await self.current(installation) } },
            .delete: { request, _ in try await self.page(request) { installation in try await self.unsubscribe(installation) } },
        ])
        router.add(RouterPath(Self.pushPath + ":subscription"), handlers: [
            .post: { request, context in try await self.push(request, context, id: context.parameters.get("subscription")) },
        ])
    }

    // MARK: - The page's subscription

    /// Runs `body` for the installation the request's cookies prove, or answers 401; 503 when storage fails.
    ///
    /// An installation cookie proves its installation with its proof; without one, the push-token cookie proves
    /// the installation named after the token (``CookieReport/installationName(token:)``), as the cookie path
    /// names it. Both are secrets of the device.
    private func page(_ request: Request, _ body: (String) async throws -> Response) async throws -> Response {
        let header = request.headers[values: .cookie].joined(separator: "; ")
        let refused = ServerRoutes.plainText(
            .unauthorized, "an installation cookie with its proof, or the push-token cookie, is required to subscribe")
        guard let report = CookieReport.parse(header: header, limits: limits) else { return refused }
        let proven: Bool
        switch report.proof {
        case .presented(let proof): proven = try await registry.installationProofs().verifies(proof, for: report.installation)
        case .absent: proven = report.token.map(CookieReport.installationName(token:)) == report.installation
        case .claim: proven = false
        }
        guard proven else { return refused }
        do {
            return try await body(report.installation)
        } catch let error as ServerError {
            logger.error("web push subscription not handled", metadata: ["error": "\(error.detail)"])
            return Self.storageFailed
        }
    }

    private func subscribe(_ request: Request, _ installation: String) async throws -> Response {
        struct Body: Decodable { var applicationServerKey: String }
        guard let buffer = try? await request.body.collect(upTo: 4096),
            let body = try? JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        else { return ServerRoutes.badRequest("the body is not {\"applicationServerKey\": BASE64URL}") }
        guard let key = JSONWebToken.data(base64URL: body.applicationServerKey), key.count == 65,
            (try? P256PublicKeyCheck.validate(key)) != nil
        else { return ServerRoutes.badRequest("applicationServerKey is not a P-256 public key (65 bytes, uncompressed, base64url)") }
        guard let origin = Self.origin(of: request) else { return ServerRoutes.badRequest("the request names no valid Host") }
        let subscription = try await subscriptions.subscribe(
            installation: installation, applicationServerKey: key, audience: origin, at: now())
        logger.info("web push subscribed", metadata: ["installation": "\(installation)"])
        return try Self.json(Answer(subscription), status: .ok)
    }

    private func current(_ installation: String) async throws -> Response {
        let subscription = try await subscriptions.active(installation: installation)
        return try Self.json(Answer(subscription), status: .ok)
    }

    private func unsubscribe(_ installation: String) async throws -> Response {
        let ended = try await subscriptions.unsubscribe(installation: installation, at: now())
        if ended { logger.info("web push unsubscribed", metadata: ["installation": "\(installation)"]) }
        return try Self.json(["unsubscribed": ended], status: .ok)
    }

    /// What the subscription path answers: the subscription (`null` when there is none) and the key it was made
    /// with, for the page's `PushSubscription.options`.
    struct Answer: Encodable {
        var subscription: SubscriptionJSON?
        var applicationServerKey: String?

        init(_ subscription: WebPushSubscriptions.Subscription?) {
            self.subscription = subscription.map(SubscriptionJSON.init)
            applicationServerKey = subscription.map { JSONWebToken.base64URL($0.applicationServerKey) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(subscription, forKey: .subscription)
            try container.encode(applicationServerKey, forKey: .applicationServerKey)
        }

        enum CodingKeys: String, CodingKey { case subscription, applicationServerKey }
    }

    /// A subscription as `PushSubscription.toJSON()` gives it.
    struct SubscriptionJSON: Encodable {
        var endpoint: String
        var expirationTime: Int?
        var keys: [String: String]

        init(_ subscription: WebPushSubscriptions.Subscription) {
            endpoint = subscription.endpoint
            keys = ["p256dh": JSONWebToken.base64URL(subscription.keys.publicKey), "auth": JSONWebToken.base64URL(subscription.keys.authSecret)]
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(endpoint, forKey: .endpoint)
            try container.encodeNil(forKey: .expirationTime)
            try container.encode(keys, forKey: .keys)
        }

        enum CodingKeys: String, CodingKey { case endpoint, expirationTime, keys }
    }

    // MARK: - The push endpoint

    private func push<Context: RequestContext>(_ request: Request, _ context: Context, id: String?) async throws -> Response {
        do {
            let (push, sends) = try await accept(request, context, id: id ?? "")
            logger.info("web push queued", metadata: ["push": "\(push)", "sends": "\(sends)"])
            return Response(status: .created, headers: [.location: "/permit/push/\(push)", .init("TTL")!: "0"])
        } catch let refusal as WebPushRefusal {
            logger.info("web push refused", metadata: ["status": "\(refusal.status.code)", "reason": "\(refusal.reason)"])
            var response = ServerRoutes.plainText(refusal.status, refusal.reason)
            if refusal == .tooFast { response.headers[.retryAfter] = "1" }
            return response
        } catch {
            logger.error("web push not queued", metadata: ["error": "\((error as? ServerError)?.detail ?? "\(error)")"])
            return Self.storageFailed
        }
    }

    /// Checks, decrypts and queues one message; throws a ``WebPushRefusal`` for what it refuses.
    private func accept<Context: RequestContext>(_ request: Request, _ context: Context, id: String) async throws -> (push: String, sends: Int) {
        guard id.utf8.count == 43, let subscription = try await subscriptions.subscription(id) else {
            throw WebPushRefusal.unknownSubscription
        }
        guard subscription.ended == nil else { throw WebPushRefusal.gone("the page unsubscribed") }
        if let limiter, limiter.admit(subscription.installation, request: request, context: context) != .admitted { throw WebPushRefusal.tooFast }
        let token = try VAPIDToken(authorization: request.headers[.authorization])
        try token.verify(applicationServerKey: subscription.applicationServerKey, audience: subscription.audience, now: now())
        guard request.headers[.contentEncoding]?.lowercased() == "aes128gcm" else { throw WebPushRefusal.unsupportedEncoding }
        guard request.headers[HTTPField.Name("TTL")!].flatMap({ Int($0) }) != nil else {
            throw WebPushRefusal.malformed("the TTL header is required (RFC 8030, section 5.2)")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: WebPushKeys.maxBodyBytes)
        } catch {
            throw WebPushRefusal.tooLarge
        }
        let message = try subscription.keys.decrypt(Data(body.readableBytesView))
        let native = WebPushContent.message(for: message.plaintext, subscription: subscription.id, defaultNotification: defaultNotification)
        switch try await subscriptions.queue(native, through: subscription, salt: message.salt, at: now()) {
        case .replay: throw WebPushRefusal.replay
        case .queued(_, 0): throw WebPushRefusal.gone("its installation has no push token")
        case .queued(let push, let sends): return (push, sends)
        }
    }

    // MARK: - Answers

    /// The origin the request reached the server at: `X-Forwarded-Proto`'s scheme (else `http`) and `Host`;
    /// `nil` without a host, or with one that is not a host and port.
    static func origin(of request: Request) -> String? {
        let scheme = request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.split(separator: ",").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? "http"
        guard let host = request.headers[HTTPField.Name("Host")!] ?? request.head.authority, !host.isEmpty,
            host.utf8.count <= 255, host.unicodeScalars.allSatisfy({ CharacterSet.urlHostAllowed.contains($0) })
        else { return nil }
        return "\(scheme == "https" ? "https" : "http")://\(host.lowercased())"
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    private static var storageFailed: Response {
        var response = ServerRoutes.plainText(.serviceUnavailable, "the registry's storage failed; nothing was changed or queued, retry later")
        response.headers[.retryAfter] = "5"
        return response
    }
}
