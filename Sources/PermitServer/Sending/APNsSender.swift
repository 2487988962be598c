import Crypto
package import Foundation
package import Logging

/// An APNs token-based authentication key: the `.p8` file from the Apple Developer account, its key ID and the
/// team's ID.
package struct APNsSigningKey: Sendable, Hashable {
    /// The key's ID, sent as the provider token's `kid`.
    package var keyID: String
    /// The team's ID, the provider token's issuer.
    package var teamID: String
    /// The P-256 private key, PEM (the `.p8` file's text).
    package var privateKeyPEM: String

    /// Creates a key from its parts.
    package init(keyID: String, teamID: String, privateKeyPEM: String) {
        self.keyID = keyID
        self.teamID = teamID
        self.privateKeyPEM = privateKeyPEM
    }
}

/// Sends pushes through APNs with token-based authentication (a provider token signed with ES256), over HTTP/2.
///
/// The provider token is reused for 50 minutes (Apple refuses one older than an hour and asks not to refresh more
/// often than every 20 minutes), and made anew at once when APNs answers 403 `ExpiredProviderToken`. Each answer
/// is judged by ``PushVerdict/apns(status:body:retryAfter:now:)``. Each target goes to its environment's host
/// (``APNsEnvironment``), and its idempotency key goes as `apns-id`.
package actor APNsSender: PushService {
    /// Apple's production endpoint.
    package static let production = "https://api.push.apple.com"
    /// Apple's development (sandbox) endpoint, for builds signed for development.
    package static let sandbox = "https://api.sandbox.push.apple.com"
    /// How long one provider token is used.
    package static let providerTokenLifetime: TimeInterval = 50 * 60

    private let key: APNsSigningKey
    private let signingKey: P256.Signing.PrivateKey
    private let topic: String
    private let endpoints: [APNsEnvironment: String]
    private let transport: any PushHTTPTransport
    private let timeout: Duration
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var providerToken: (value: String, issued: Date)?

    /// Creates a sender for the app whose bundle ID is `topic`.
    ///
    /// - Parameters:
    ///   - endpoint: where production tokens go; a fake server's in tests.
    ///   - sandboxEndpoint: where sandbox tokens go.
    /// - Throws: ``ServerError/credentialsInvalid`` when the key is not a P-256 key in PEM.
    package init(
        key: APNsSigningKey, topic: String, endpoint: String = APNsSender.production,
        sandboxEndpoint: String = APNsSender.sandbox, transport: any PushHTTPTransport = HTTPClientPushTransport(), timeout: Duration = .seconds(30),
        logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        do {
            signingKey = try P256.Signing.PrivateKey(pemRepresentation: key.privateKeyPEM)
        } catch {
            throw ServerError.credentialsInvalid.withDetail("the APNs key \(key.keyID) is not a P-256 key in PEM")
        }
        self.key = key
        self.topic = topic
        func trimmed(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }
        self.endpoints = [.production: trimmed(endpoint), .sandbox: trimmed(sandboxEndpoint)]
        self.transport = transport
        self.timeout = timeout
        self.logger = logger
        self.now = now
    }

    package func send(_ message: PushMessage, to target: PushTarget) async throws -> PushVerdict {
        let token = target.token
        var response = try await post(message, to: target)
        if response.status == 403, Self.reason(response.body) == "ExpiredProviderToken" {
            providerToken = nil
            response = try await post(message, to: target)
        }
        let verdict = PushVerdict.apns(
            status: response.status, body: response.body, retryAfter: response.header("Retry-After"), now: now())
        logger.debug("APNs answered", metadata: [
            "status": "\(response.status)", "verdict": "\(verdict)", "token": "\(TokenRedaction.redact(token))",
        ])
        return verdict
    }

    private func post(_ message: PushMessage, to target: PushTarget) async throws -> PushHTTPResponse {
        let alert = message.title != nil || message.body != nil
        var headers: [(name: String, value: String)] = [
            ("authorization", "bearer \(try currentProviderToken())"), ("apns-topic", topic),
            ("apns-push-type", alert ? "alert" : "background"), ("apns-priority", alert ? "10" : "5"),
            ("content-type", "application/json"),
        ]
        if let id = target.apnsID { headers.append(("apns-id", id)) }
        if let expiration = message.apnsExpiration(at: now()) { headers.append(("apns-expiration", expiration)) }
        let endpoint = endpoints[target.environment] ?? Self.production
        return try await transport.send(
            PushHTTPRequest(url: "\(endpoint)/3/device/\(target.token)", headers: headers, body: try Self.payload(message)),
            timeout: timeout)
    }

    /// The APNs payload: `aps` with the alert (or `content-available` for a data-only push), and the data keys
    /// beside it.
    package static func payload(_ message: PushMessage) throws -> Data {
        var root: [String: Any] = message.data
        if message.title != nil || message.body != nil {
            var alert: [String: String] = [:]
            alert["title"] = message.title
            alert["body"] = message.body
            root["aps"] = ["alert": alert]
        } else {
            root["aps"] = ["content-available": 1]
        }
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    private func currentProviderToken() throws -> String {
        let time = now()
        if let providerToken, time.timeIntervalSince(providerToken.issued) < Self.providerTokenLifetime {
            return providerToken.value
        }
        struct Claims: Encodable {
            var iss: String
            var iat: Int
        }
        let value = try JSONWebToken.signed(
            header: ["alg": "ES256", "kid": key.keyID], claims: Claims(iss: key.teamID, iat: Int(time.timeIntervalSince1970))
        ) { input in
            try signingKey.signature(for: input).rawRepresentation
        }
        providerToken = (value, time)
        return value
    }

    private static func reason(_ body: Data) -> String? {
        struct Answer: Decodable { var reason: String }
        return (try? JSONDecoder().decode(Answer.self, from: body))?.reason
    }
}
