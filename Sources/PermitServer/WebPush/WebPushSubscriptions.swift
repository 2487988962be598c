import Crypto
package import Foundation

/// The Web Push subscriptions the server made for installations' pages, in the registry's own database, and
/// the queuing of what sites send to them.
///
/// `permit_web_push_subscriptions` holds one row per subscription: its identifier (the last segment of its
/// endpoint, 43 random base64url characters), the installation, the subscription's private key and auth
/// secret (base64url: the server decrypts with them, so it reads every payload), the `applicationServerKey`
/// the page subscribed with (base64url), the origin of its endpoint (a VAPID token's `aud`), when it was made
/// and when it was ended (ms; `NULL` while active). An installation has at most one active subscription per
/// origin, as a page's service worker registration has one.
///
/// A message a site sends is queued as a notification (``PushQueue/enqueueOnce(_:to:as:at:)``) whose identifier
/// is made from the subscription and the message's salt; a message with a salt seen before is a replay, and
/// queues nothing.
package struct WebPushSubscriptions: Sendable {
    let executor: any SQLExecutor

    /// Creates the store over the registry's `executor`, whose tables ``SQLRegistryStorage/prepare()`` created.
    init(executor: any SQLExecutor) {
        self.executor = executor
    }

    /// The tables and indexes, created if missing.
    static let tables = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_web_push_subscriptions (
                subscription TEXT PRIMARY KEY, installation TEXT NOT NULL, private_key TEXT NOT NULL,
                auth TEXT NOT NULL, server_key TEXT NOT NULL, audience TEXT NOT NULL, created BIGINT NOT NULL,
                ended BIGINT)
            """),
        SQLStatement("""
            CREATE UNIQUE INDEX IF NOT EXISTS permit_web_push_subscriptions_active
            ON permit_web_push_subscriptions (installation, audience) WHERE ended IS NULL
            """),
    ]

    /// One subscription.
    package struct Subscription: Sendable {
        /// Its identifier, the last segment of its endpoint.
        package var id: String
        /// The installation it delivers to.
        package var installation: String
        /// Its keys.
        package var keys: WebPushKeys
        /// The key the page subscribed with, which every VAPID token must name.
        package var applicationServerKey: Data
        /// The origin of its endpoint, every VAPID token's `aud`.
        package var audience: String
        /// When the page unsubscribed, or `nil` while it is active.
        package var ended: Date?

        /// The endpoint the page hands to its site: `audience` and the push path.
        package var endpoint: String { audience + WebPushRoutes.pushPath + id }
    }

    /// What subscribing did.
    package enum Subscribing: Sendable {
        /// The installation's subscription on that origin with that key: the one it had, or a new one.
        case subscribed(Subscription)
        /// The installation has an active subscription on that origin with another key; it was left as it is
        /// (a browser rejects the same with `InvalidStateError`: unsubscribe first).
        case otherKey
    }

    /// The installation's active subscription on `audience` (the page's origin) for `applicationServerKey`: the
    /// one it has, or a new one; ``Subscribing/otherKey`` when it has one with another key.
    package func subscribe(installation: String, applicationServerKey: Data, audience: String, at now: Date) async throws -> Subscribing {
        let keys = WebPushKeys.generate()
        // A subscription made at the same moment by another request wins the unique index, and this insert does
        // nothing: either way, the active one is read back.
        try await executor.transaction([
            SQLStatement(
                """
                INSERT INTO permit_web_push_subscriptions
                    (subscription, installation, private_key, auth, server_key, audience, created)
                SELECT $1, $2, $3, $4, $5, $6, $7
                WHERE NOT EXISTS (
                    SELECT 1 FROM permit_web_push_subscriptions WHERE installation = $8 AND audience = $9 AND ended IS NULL)
                ON CONFLICT DO NOTHING
                """,
                [.text(Self.newIdentifier()), .text(installation),
                 .text(JSONWebToken.base64URL(keys.privateKey.rawRepresentation)), .text(JSONWebToken.base64URL(keys.authSecret)),
                 .text(JSONWebToken.base64URL(applicationServerKey)), .text(audience), .integer(PushQueue.milliseconds(now)),
                 .text(installation), .text(audience)]),
        ])
        guard let active = try await active(installation: installation, audience: audience) else {
            throw ServerError.storageCorrupt.withDetail("a subscription just made is not there")
        }
        return active.applicationServerKey == applicationServerKey ? .subscribed(active) : .otherKey
    }

    /// The installation's active subscription on `audience`, or `nil`.
    package func active(installation: String, audience: String) async throws -> Subscription? {
        try await select("installation = $1 AND audience = $2 AND ended IS NULL", [.text(installation), .text(audience)])
    }

    /// The subscription with identifier `id`, active or ended, or `nil` when there is none.
    package func subscription(_ id: String) async throws -> Subscription? {
        try await select("subscription = $1", [.text(id)])
    }

    /// Ends subscription `id` when it is the installation's and active; `false` otherwise (another
    /// installation's, or one already ended, is left as it is).
    package func unsubscribe(_ id: String, installation: String, at now: Date) async throws -> Bool {
        try await executor.transaction([SQLStatement(
            "UPDATE permit_web_push_subscriptions SET ended = $1 WHERE subscription = $2 AND installation = $3 AND ended IS NULL",
            [.integer(PushQueue.milliseconds(now)), .text(id), .text(installation)])]) > 0
    }

    /// What became of a message queued through a subscription.
    package enum Queuing: Sendable, Hashable {
        /// It is queued as notification `push`.
        case queued(push: String)
        /// A message with its salt was queued before: nothing was.
        case replay
        /// The installation has no token that is not quarantined: nothing was queued.
        case noToken
    }

    /// Queues `message`, decrypted from a body with `salt`, for the subscription's installation, once: its
    /// notification's identifier is made from the subscription and the salt (``PushQueue/enqueueOnce(_:to:as:at:)``).
    /// A message with no body has no salt, and is never taken for a replay.
    package func queue(_ message: PushMessage, through subscription: Subscription, salt: Data?, at now: Date) async throws -> Queuing {
        let push = (salt.map { PushTarget.nameBasedUUID("web-push:\(subscription.id):\(JSONWebToken.base64URL($0))") }
            ?? UUID().uuidString).lowercased()
        switch try await PushQueue(executor: executor).enqueueOnce(
            message, to: .installations([subscription.installation]), as: push, at: now)
        {
        case .queued: return .queued(push: push)
        case .alreadyQueued: return .replay
        case .noSends: return .noToken
        }
    }

    private func select(_ condition: String, _ values: [SQLValue]) async throws -> Subscription? {
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT subscription, installation, private_key, auth, server_key, audience, ended
            FROM permit_web_push_subscriptions WHERE \(condition)
            """, values))
        guard let row = rows.first else { return nil }
        guard row.count == 7, let id = row[0].text, let installation = row[1].text,
            let privateKey = row[2].text.flatMap(JSONWebToken.data(base64URL:)).flatMap({ try? P256.KeyAgreement.PrivateKey(rawRepresentation: $0) }),
            let auth = row[3].text.flatMap(JSONWebToken.data(base64URL:)),
            let serverKey = row[4].text.flatMap(JSONWebToken.data(base64URL:)), let audience = row[5].text
        else { throw ServerError.storageCorrupt.withDetail("a Web Push subscription of unexpected shape") }
        return Subscription(
            id: id, installation: installation, keys: WebPushKeys(privateKey: privateKey, authSecret: auth),
            applicationServerKey: serverKey, audience: audience,
            ended: row[6].integer.map { Date(timeIntervalSince1970: Double($0) / 1000) })
    }

    /// A new identifier: 32 random bytes in base64url, 43 characters.
    private static func newIdentifier() -> String {
        JSONWebToken.base64URL(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }
}

extension SQLRegistryStorage {
    /// The Web Push subscriptions in this registry's database.
    package var webPushSubscriptions: WebPushSubscriptions { WebPushSubscriptions(executor: executor) }
}
