package import Foundation

/// What a push says: the alert's title and body, and data for the app.
package struct PushMessage: Sendable, Hashable, Codable {
    /// The alert's title, or `nil` for none.
    package var title: String?
    /// The alert's text, or `nil` for none (a data-only push).
    package var body: String?
    /// Key-value data delivered to the app.
    package var data: [String: String]
    /// When the message stops being worth delivering (a Web Push message's TTL after it arrived), or `nil` for
    /// no limit: the services are told to keep it no longer, and ``PushDelivery`` does not send it past
    /// ``PushDelivery/expiryGrace`` after that.
    package var expires: Date?

    /// Creates a message.
    package init(title: String? = nil, body: String? = nil, data: [String: String] = [:], expires: Date? = nil) {
        self.title = title
        self.body = body
        self.data = data
        self.expires = expires
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, data, expires
    }

    /// Decodes a message; each of `title`, `body`, `data` and `expires` (seconds since 1970) may be left out.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        data = try container.decodeIfPresent([String: String].self, forKey: .data) ?? [:]
        expires = try container.decodeIfPresent(Double.self, forKey: .expires).map(Date.init(timeIntervalSince1970:))
    }

    /// Encodes the message, `expires` as seconds since 1970 and only when there is one.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(expires?.timeIntervalSince1970, forKey: .expires)
    }

    /// How many whole seconds the message is still worth delivering at `now`: 0 once it expired, `nil` with no
    /// limit.
    package func secondsToLive(at now: Date) -> Int? {
        expires.map { max(0, Int(($0.timeIntervalSince(now)).rounded(.down))) }
    }

    /// APNs' `apns-expiration` at `now`, for APNs itself and for iOS devices reached through FCM: the UNIX time the
    /// message expires, or `0` (deliver once, keep nothing) when it has no time left; `nil` with no limit.
    package func apnsExpiration(at now: Date) -> String? {
        secondsToLive(at: now).map { $0 <= 0 ? "0" : "\(Int(now.timeIntervalSince1970.rounded(.down)) + $0)" }
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
