import Crypto
package import Foundation
package import Hummingbird
package import Logging
import NIOCore
import HTTPTypes

/// The Web Push routes: a bridged page subscribes through its own cookies, and a site's backend sends to the
/// subscription's endpoint as to any push service (RFC 8030, with RFC 8291's encryption and RFC 8292's VAPID).
///
/// For the page, authenticated by the installation cookie with its proof (``InstallationProofs``), or, without
/// one, by the push-token cookie for the installation named after the token; each origin of the installation's
/// pages has its own subscription, as each origin has its own service worker registration in a browser:
/// - `POST /permit/web-push/subscription` with `{"applicationServerKey": BASE64URL}` (as
///   `application/json`): the installation's subscription on the page's origin for that key, the one it has or
///   a new one: `{"subscription": …, "applicationServerKey": …}`, the first as a `PushSubscription`'s JSON
///   (`endpoint`, `expirationTime`, `keys.p256dh`, `keys.auth`); 400 for a key that is no P-256 point, 409 when
///   the origin has a subscription with another key (unsubscribe it first), 415 for another content type.
/// - `GET /permit/web-push/subscription`: the same, both `null` when there is none.
/// - `DELETE /permit/web-push/subscription?subscription=ID`: ends that subscription when it is the
///   installation's; `{"unsubscribed": true}`, `false` when it was not (another's, or already ended).
///
/// Each answers 401 without either cookie, 429 for more subscribing than the rate limit allows, 503 when the
/// storage failed. The page's origin is ``publicOrigin`` when the server is given one, else the one the page
/// reached the server at: `Host`, with `X-Forwarded-Proto`'s scheme (`http` without it).
///
/// For the site's backend, `POST /permit/web-push/push/ID`: 201 with `Location` and the `TTL` taken once the
/// message is queued for the installation's native push (``WebPushContent`` says what it becomes); a push with
/// no body shows the default notification. Each refusal is a 4xx with a one-line reason, and queues nothing
/// (``WebPushRefusal``): 404 for an unknown endpoint, 410 for an ended subscription or an installation without a
/// push token, 401 or 403 for VAPID, 415 for another encoding, 413 for a body over 4,096 bytes, 400 for one
/// that does not decrypt or a request without a valid `TTL`, 409 for a replay, 429 with `Retry-After` for more
/// pushes to one subscription than its rate limit allows (counted once VAPID holds, so that no stranger can
/// spend a subscription's allowance).
package struct WebPushRoutes: Sendable {
    private let subscriptions: WebPushSubscriptions
    private let registry: TokenRegistry
    private let limits: ReportLimits
    private let pushLimiter: RateLimiter
    private let subscribeLimiter: RateLimiter
    private let defaultNotification: PushMessage
    /// The origin endpoints are made on, such as `https://shop.example`, or `nil` to take the request's.
    package let publicOrigin: String?
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
    /// - Parameters:
    ///   - rateLimit: how many pushes one subscription takes, and how often one installation may subscribe
    ///     (each in a bucket of its own); ``RateLimit/off`` for no limit.
    ///   - defaultNotification: what a payload that is not a declarative notification shows.
    ///   - publicOrigin: the origin endpoints are made on; `nil` takes the request's.
    package init(
        subscriptions: WebPushSubscriptions, registry: TokenRegistry, limits: ReportLimits = ReportLimits(),
        rateLimit: RateLimit = ClientLimits().perInstallation,
        defaultNotification: PushMessage = WebPushRoutes.standardNotification, publicOrigin: String? = nil,
        logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.subscriptions = subscriptions
        self.registry = registry
        self.limits = limits
        pushLimiter = RateLimiter(rateLimit)
        subscribeLimiter = RateLimiter(rateLimit)
        self.defaultNotification = defaultNotification
        self.publicOrigin = publicOrigin
        self.logger = logger
        self.now = now
    }

    /// Adds the routes to `router`.
    package func add<Context: RequestContext>(to router: Router<Context>) {
        router.add(RouterPath(Self.subscriptionPath), handlers: [
            .post: { request, _ in try await self.page(request) { installation, origin in try await self.subscribe(request, installation, origin) } },
            .get: { request, _ in try await self.page(request) { installation, origin in try await self.current(installation, origin) } },
            .delete: { request, _ in
                try await self.page(request) { installation, _ in
                    try await self.unsubscribe(installation, id: request.uri.queryParameters.get("subscription") ?? "")
                }
            },
        ])
        router.add(RouterPath(Self.pushPath + ":subscription"), handlers: [
            .post: { request, context in try await self.push(request, id: context.parameters.get("subscription") ?? "") },
        ])
    }

    // MARK: - The page's subscription

    /// Runs `body` for the installation the request's cookies prove, on the page's origin, or answers 401; 503
    /// when storage fails.
    ///
    /// An installation cookie proves its installation with its proof; without one, the push-token cookie proves
    /// the installation named after the token (``CookieReport/installationName(token:)``), as the cookie path
    /// names it. Both are secrets of the device.
    private func page(_ request: Request, _ body: (String, String) async throws -> Response) async throws -> Response {
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
        guard let origin = publicOrigin ?? Self.origin(of: request) else { return ServerRoutes.badRequest("the request names no valid Host") }
        do {
            return try await body(report.installation, origin)
        } catch let error as ServerError {
            logger.error("web push subscription not handled", metadata: ["error": "\(error.detail)"])
            return Self.storageFailed
        }
    }

    private func subscribe(_ request: Request, _ installation: String, _ origin: String) async throws -> Response {
        struct Body: Decodable { var applicationServerKey: String }
        // JSON only: a cross-origin page cannot send it without a preflight, which this server does not answer.
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return ServerRoutes.plainText(.unsupportedMediaType, "the body must be application/json")
        }
        guard subscribeLimiter.take(installation) else {
            var response = ServerRoutes.plainText(.tooManyRequests, "too many subscriptions for this installation; retry later")
            response.headers[.retryAfter] = "1"
            return response
        }
        guard let buffer = try? await request.body.collect(upTo: 4096),
            let body = try? JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        else { return ServerRoutes.badRequest("the body is not {\"applicationServerKey\": BASE64URL}") }
        guard let key = JSONWebToken.data(base64URL: body.applicationServerKey), key.count == 65,
            (try? P256.Signing.PublicKey(x963Representation: key)) != nil
        else { return ServerRoutes.badRequest("applicationServerKey is not a P-256 public key (65 bytes, uncompressed, base64url)") }
        switch try await subscriptions.subscribe(installation: installation, applicationServerKey: key, audience: origin, at: now()) {
        case .subscribed(let subscription):
            logger.info("web push subscribed", metadata: ["installation": "\(installation)"])
            return try Self.json(Answer(subscription), status: .ok)
        case .otherKey:
            return ServerRoutes.plainText(
                .conflict, "this origin has a subscription with another applicationServerKey: unsubscribe it first")
        }
    }

    private func current(_ installation: String, _ origin: String) async throws -> Response {
        try Self.json(Answer(try await subscriptions.active(installation: installation, audience: origin)), status: .ok)
    }

    private func unsubscribe(_ installation: String, id: String) async throws -> Response {
        let ended = try await subscriptions.unsubscribe(id, installation: installation, at: now())
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

    private func push(_ request: Request, id: String) async throws -> Response {
        do {
            let (push, ttl) = try await accept(request, id: id)
            logger.info("web push queued", metadata: ["push": "\(push)"])
            return Response(status: .created, headers: [.location: "/permit/push/\(push)", HTTPField.Name("TTL")!: "\(ttl)"])
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

    /// The longest `TTL` kept, and echoed: a day. The message expires that long after it arrived (FCM and APNs
    /// are told, and ``PushDelivery`` does not send it later than ``PushDelivery/expiryGrace`` after that).
    package static let longestTTL = 86_400

    /// Checks, decrypts and queues one message, and returns its notification and the TTL taken; throws a
    /// ``WebPushRefusal`` for what it refuses.
    private func accept(_ request: Request, id: String) async throws -> (push: String, ttl: Int) {
        guard id.utf8.count == 43, let subscription = try await subscriptions.subscription(id) else {
            throw WebPushRefusal.unknownSubscription
        }
        guard subscription.ended == nil else { throw WebPushRefusal.gone("the page unsubscribed") }
        let token = try VAPIDToken(authorization: request.headers[.authorization])
        try token.verify(applicationServerKey: subscription.applicationServerKey, audience: subscription.audience, now: now())
        // Counted once VAPID holds: only the site that holds the key spends the subscription's allowance.
        guard pushLimiter.take(subscription.id) else { throw WebPushRefusal.tooFast }
        guard let ttlText = request.headers[HTTPField.Name("TTL")!], let ttl = Int(ttlText), ttl >= 0 else {
            throw WebPushRefusal.malformed("a TTL header of whole seconds is required (RFC 8030, section 5.2)")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: WebPushKeys.maxBodyBytes)
        } catch {
            throw WebPushRefusal.tooLarge
        }
        let message: WebPushKeys.Message?
        if body.readableBytes == 0 {
            message = nil  // a push without a payload (RFC 8030, section 5): the default notification
        } else {
            guard request.headers[.contentEncoding]?.lowercased() == "aes128gcm" else { throw WebPushRefusal.unsupportedEncoding }
            message = try subscription.keys.decrypt(Data(body.readableBytesView))
        }
        var native = WebPushContent.message(
            for: message?.plaintext, subscription: subscription.id, origin: subscription.audience, defaultNotification: defaultNotification)
        let taken = min(ttl, Self.longestTTL)
        let arrived = now()
        native.expires = arrived.addingTimeInterval(TimeInterval(taken))
        switch try await subscriptions.queue(native, through: subscription, salt: message?.salt, at: arrived) {
        case .replay: throw WebPushRefusal.replay
        case .noToken: throw WebPushRefusal.gone("its installation has no push token")
        case .queued(let push): return (push, taken)
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
