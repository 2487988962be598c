import _CryptoExtras
package import Foundation
package import Logging

/// A Firebase service account, as the JSON key file the Firebase console downloads.
package struct FCMServiceAccount: Sendable, Hashable {
    /// The Firebase project, whose messages endpoint the sender calls.
    package var projectID: String
    /// The account's e-mail: the issuer of the OAuth assertion.
    package var clientEmail: String
    /// The RSA private key, PEM (PKCS #8).
    package var privateKeyPEM: String
    /// Where the signed assertion is exchanged for an access token.
    package var tokenURI: String

    /// Creates an account from its parts.
    package init(projectID: String, clientEmail: String, privateKeyPEM: String, tokenURI: String) {
        self.projectID = projectID
        self.clientEmail = clientEmail
        self.privateKeyPEM = privateKeyPEM
        self.tokenURI = tokenURI
    }

    /// An account with a new 2048-bit RSA key, for a fake FCM on loopback (the demo, tests): never a real one.
    package static func generated(projectID: String, clientEmail: String, tokenURI: String) throws -> FCMServiceAccount {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        return FCMServiceAccount(
            projectID: projectID, clientEmail: clientEmail, privateKeyPEM: key.pkcs8PEMRepresentation, tokenURI: tokenURI)
    }

    /// Reads the key file's JSON (`project_id`, `client_email`, `private_key`, `token_uri`).
    ///
    /// - Throws: ``ServerError/credentialsInvalid`` naming the missing field; never echoes the key.
    package init(json: Data) throws {
        struct File: Decodable {
            var project_id: String?
            var client_email: String?
            var private_key: String?
            var token_uri: String?
        }
        guard let file = try? JSONDecoder().decode(File.self, from: json) else {
            throw ServerError.credentialsInvalid.withDetail("the service account file is not a JSON object")
        }
        let fields = [("project_id", file.project_id), ("client_email", file.client_email), ("private_key", file.private_key)]
        if let missing = fields.first(where: { $0.1?.isEmpty ?? true }) {
            throw ServerError.credentialsInvalid.withDetail("the service account file has no \(missing.0)")
        }
        self.init(
            projectID: file.project_id ?? "", clientEmail: file.client_email ?? "", privateKeyPEM: file.private_key ?? "",
            tokenURI: file.token_uri ?? "https://oauth2.googleapis.com/token")
    }
}

/// Sends pushes through FCM's HTTP v1 API, authenticated as a service account.
///
/// The account's RSA key signs an OAuth assertion (a JWT, RS256, for the `firebase.messaging` scope), which the
/// token endpoint exchanges for an access token; the token is reused until a minute before it expires, and
/// dropped at once when FCM answers 401. Each answer is judged by ``PushVerdict/fcm(status:body:retryAfter:now:)``.
package actor FCMSender: PushService {
    /// The OAuth scope FCM's send endpoint requires.
    package static let scope = "https://www.googleapis.com/auth/firebase.messaging"

    private let account: FCMServiceAccount
    private let key: _RSA.Signing.PrivateKey
    private let endpoint: String
    private let transport: any PushHTTPTransport
    private let timeout: Duration
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var accessToken: (value: String, expires: Date)?

    /// Creates a sender.
    ///
    /// - Parameters:
    ///   - endpoint: FCM's base URL; a fake server's in tests.
    ///   - timeout: how long one HTTP exchange may take.
    /// - Throws: ``ServerError/credentialsInvalid`` when the private key is not an RSA key in PEM.
    package init(
        account: FCMServiceAccount, endpoint: String = "https://fcm.googleapis.com",
        transport: any PushHTTPTransport = HTTPClientPushTransport(), timeout: Duration = .seconds(30),
        logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        do {
            key = try _RSA.Signing.PrivateKey(pemRepresentation: account.privateKeyPEM)
        } catch {
            throw ServerError.credentialsInvalid.withDetail("the service account's private_key is not an RSA key in PEM")
        }
        self.account = account
        self.endpoint = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        self.transport = transport
        self.timeout = timeout
        self.logger = logger
        self.now = now
    }

    package func send(_ message: PushMessage, to target: PushTarget) async throws -> PushVerdict {
        let token = target.token
        var response = try await post(message, to: target)
        if response.status == 401 {
            // The access token was revoked or expired early: one fresh token, one more try.
            accessToken = nil
            response = try await post(message, to: target)
        }
        let verdict = PushVerdict.fcm(
            status: response.status, body: response.body, retryAfter: response.header("Retry-After"), now: now())
        logger.debug("FCM answered", metadata: [
            "status": "\(response.status)", "verdict": "\(verdict)", "token": "\(TokenRedaction.redact(token))",
        ])
        return verdict
    }

    private func post(_ message: PushMessage, to target: PushTarget) async throws -> PushHTTPResponse {
        let bearer = try await currentAccessToken()
        let body = try JSONEncoder().encode(FCMRequest(message: .init(message, token: target.token, now: now())))
        var headers: [(name: String, value: String)] = [("Authorization", "Bearer \(bearer)"), ("Content-Type", "application/json")]
        // FCM has no idempotency key of its own and ignores the header; receivers that check it (fakes, a
        // relay) can tell a repeated send of the queue's at-least-once delivery from a new one.
        if let key = target.idempotencyKey { headers.append((PushTarget.idempotencyHeader, key)) }
        return try await transport.send(
            PushHTTPRequest(
                url: "\(endpoint)/v1/projects/\(account.projectID)/messages:send", headers: headers, body: body),
            timeout: timeout)
    }

    /// The cached access token, or a new one from the token endpoint.
    private func currentAccessToken() async throws -> String {
        let time = now()
        if let accessToken, accessToken.expires > time.addingTimeInterval(60) { return accessToken.value }
        let assertion = try JSONWebToken.signed(
            header: ["alg": "RS256", "typ": "JWT"],
            claims: AssertionClaims(
                iss: account.clientEmail, scope: Self.scope, aud: account.tokenURI,
                iat: Int(time.timeIntervalSince1970), exp: Int(time.timeIntervalSince1970) + 3600)
        ) { input in
            Data(try key.signature(for: input, padding: .insecurePKCS1v1_5).rawRepresentation)
        }
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
        let response = try await transport.send(
            PushHTTPRequest(
                url: account.tokenURI, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(form.utf8)),
            timeout: timeout)
        guard (200..<300).contains(response.status),
            let answer = try? JSONDecoder().decode(TokenAnswer.self, from: response.body), !answer.access_token.isEmpty
        else {
            throw ServerError.pushAuthenticationFailed.withDetail(
                "the token endpoint answered HTTP \(response.status) for \(account.clientEmail)")
        }
        accessToken = (answer.access_token, time.addingTimeInterval(TimeInterval(answer.expires_in ?? 3600)))
        logger.info("FCM access token obtained", metadata: ["account": "\(account.clientEmail)"])
        return answer.access_token
    }

    private struct AssertionClaims: Encodable {
        var iss: String
        var scope: String
        var aud: String
        var iat: Int
        var exp: Int
    }

    private struct TokenAnswer: Decodable {
        var access_token: String
        var expires_in: Int?
    }

    private struct FCMRequest: Encodable {
        struct Message: Encodable {
            struct Notification: Encodable {
                var title: String?
                var body: String?
            }

            /// Android's time to live, such as `"60s"`: FCM keeps the message no longer for an offline device.
            struct Android: Encodable {
                var ttl: String
            }

            /// APNs' headers for an iOS device reached through FCM.
            struct APNs: Encodable {
                var headers: [String: String]
            }

            var token: String
            var notification: Notification?
            var data: [String: String]?
            var android: Android?
            var apns: APNs?

            init(_ message: PushMessage, token: String, now: Date) {
                self.token = token
                notification =
                    message.title == nil && message.body == nil
                    ? nil : Notification(title: message.title, body: message.body)
                data = message.data.isEmpty ? nil : message.data
                if let seconds = message.secondsToLive(at: now), let expiration = message.apnsExpiration(at: now) {
                    android = Android(ttl: "\(seconds)s")
                    apns = APNs(headers: ["apns-expiration": expiration])
                }
            }
        }

        var message: Message
    }
}
