package import Foundation

/// What a push service's answer to one message means for the token and the message: the decision core of
/// the FCM and APNs senders, a pure function of the answer, testable without a network.
///
/// After Firebase's and Apple's documentation, and what deleting too eagerly costs (a valid token lost is a
/// user who never hears from the app again):
/// - FCM's `UNREGISTERED` (HTTP 404) deletes the token at once; FCM's `INVALID_ARGUMENT` (400) also covers bad
///   payloads, so only one whose message names the registration token deletes it.
/// - APNs' 410 `Unregistered` carries the time (ms) the token stopped being valid: the token is deleted only
///   when that time is later than the token's last registration (``unregistered(since:reason:)``), since an app
///   that registered the token again after that time holds a valid one.
/// - APNs' 400 `BadDeviceToken` (and `DeviceTokenNotForTopic`) is most often a sandbox token sent to production
///   or the reverse, a configuration mistake rather than a dead device: the token is quarantined, kept but not
///   sent to, until the app reports it again or reports another environment.
/// - 429 and 5xx are retried, honouring `Retry-After`.
package enum PushVerdict: Sendable, Hashable {
    /// The service accepted the message.
    case delivered
    /// The token is no longer valid: delete it now.
    case deleteToken(reason: String)
    /// APNs says the token is unregistered since `since` (`nil` when it gave no time): delete it only if it was
    /// not registered again after that (``TokenRegistry/removeToken(_:unregisteredAt:)``).
    case unregistered(since: Date?, reason: String)
    /// The token is refused in a way that often means a configuration mistake (environment, topic): keep it,
    /// but send to it no more until the app reports it again.
    case quarantineToken(reason: String)
    /// The message itself was refused (payload, topic, size): keep the token, fix the message.
    case messageRejected(reason: String)
    /// Try again later, after at least `retryAfter` when the service said.
    case retry(retryAfter: Duration?)
    /// Neither the token nor the message is at fault (authentication, configuration): do not retry.
    case failed(reason: String)

    /// The verdict on FCM HTTP v1's answer: its status, its JSON body and its `Retry-After` header.
    package static func fcm(status: Int, body: Data, retryAfter: String?, now: Date) -> PushVerdict {
        if (200..<300).contains(status) { return .delivered }
        let error = try? JSONDecoder().decode(FCMErrorBody.self, from: body).error
        let errorCode = error?.details?.compactMap(\.errorCode).first
        let message = error?.message ?? ""
        if errorCode == "UNREGISTERED" || status == 404 { return .deleteToken(reason: "UNREGISTERED") }
        if status == 429 || status >= 500 || errorCode == "QUOTA_EXCEEDED" || errorCode == "UNAVAILABLE"
            || errorCode == "INTERNAL"
        {
            return .retry(retryAfter: RetryAfter.parse(retryAfter, now: now))
        }
        if errorCode == "INVALID_ARGUMENT" || error?.status == "INVALID_ARGUMENT" || status == 400 {
            let lowered = message.lowercased()
            if lowered.contains("registration token") || lowered.contains("message.token") {
                return .deleteToken(reason: "INVALID_ARGUMENT: not a valid registration token")
            }
            return .messageRejected(reason: "INVALID_ARGUMENT")
        }
        if errorCode == "SENDER_ID_MISMATCH" { return .deleteToken(reason: "SENDER_ID_MISMATCH") }
        return .failed(reason: errorCode ?? error?.status ?? "HTTP \(status)")
    }

    /// The verdict on APNs' answer: its status, its JSON body (`{"reason": …}`) and its `Retry-After`.
    package static func apns(status: Int, body: Data, retryAfter: String?, now: Date) -> PushVerdict {
        if status == 200 { return .delivered }
        let answer = try? JSONDecoder().decode(APNsErrorBody.self, from: body)
        let reason = answer?.reason ?? "HTTP \(status)"
        switch (status, reason) {
        case (410, _):
            let since = answer?.timestamp.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
            return .unregistered(since: since, reason: reason)
        case (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"):
            return .quarantineToken(reason: reason)
        case (429, _), (500..., _):
            return .retry(retryAfter: RetryAfter.parse(retryAfter, now: now))
        case (400, _), (413, _):
            return .messageRejected(reason: reason)
        default:
            return .failed(reason: reason)
        }
    }
}

private struct FCMErrorBody: Decodable {
    struct Detail: Decodable {
        var errorCode: String?
    }

    struct Error: Decodable {
        var code: Int?
        var message: String?
        var status: String?
        var details: [Detail]?
    }

    var error: Error
}

private struct APNsErrorBody: Decodable {
    var reason: String
    /// When the token stopped being valid, in milliseconds since 1970 (410 only).
    var timestamp: Int64?
}
