package import Foundation

/// What a push service's answer to one message means for the token and the message: the decision core of
/// the FCM and APNs senders, a pure function of the answer, testable without a network.
///
/// After Firebase's and Apple's documentation: FCM's `UNREGISTERED` (HTTP 404) and APNs' 410 `Unregistered`
/// or 400 `BadDeviceToken` delete the token at once; FCM's `INVALID_ARGUMENT` (400) also covers bad payloads,
/// so only one whose message names the registration token deletes it; 429 and 5xx are retried, honouring
/// `Retry-After`.
package enum PushVerdict: Sendable, Hashable {
    /// The service accepted the message.
    case delivered
    /// The token is no longer valid: delete it now.
    case deleteToken(reason: String)
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
        let reason = (try? JSONDecoder().decode(APNsErrorBody.self, from: body))?.reason ?? "HTTP \(status)"
        switch (status, reason) {
        case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"):
            return .deleteToken(reason: reason)
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
}
