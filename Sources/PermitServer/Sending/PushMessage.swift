/// What a push says: the alert's title and body, and data for the app.
package struct PushMessage: Sendable, Hashable, Codable {
    /// The alert's title, or `nil` for none.
    package var title: String?
    /// The alert's text, or `nil` for none (a data-only push).
    package var body: String?
    /// Key-value data delivered to the app.
    package var data: [String: String]

    /// Creates a message.
    package init(title: String? = nil, body: String? = nil, data: [String: String] = [:]) {
        self.title = title
        self.body = body
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, data
    }

    /// Decodes a message; each of `title`, `body` and `data` may be left out.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        data = try container.decodeIfPresent([String: String].self, forKey: .data) ?? [:]
    }
}

/// A push service: FCM or APNs. It sends one message to one token and judges the answer.
///
/// An implementation must send to the host of the target's environment where the service has several (APNs),
/// and pass the target's idempotency key on, so that a receiver can tell a repeated send from a new one.
package protocol PushService: Sendable {
    /// Sends `message` to `target` once and returns the verdict on the answer.
    ///
    /// - Throws: ``ServerError/pushServiceUnreachable`` when the service cannot be reached,
    ///   ``ServerError/pushAuthenticationFailed`` or ``ServerError/credentialsInvalid`` when the credential fails.
    func send(_ message: PushMessage, to target: PushTarget) async throws -> PushVerdict
}

extension PushService {
    /// Sends `message` to a production `token` once, without an idempotency key.
    package func send(_ message: PushMessage, to token: String) async throws -> PushVerdict {
        try await send(message, to: PushTarget(token: token))
    }
}
