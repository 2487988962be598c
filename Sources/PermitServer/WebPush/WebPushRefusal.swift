package import HTTPTypes

/// Why the push endpoint refused a Web Push request: each is a 4xx with a one-line reason, and nothing is queued.
package enum WebPushRefusal: Error, Sendable, Hashable {
    /// No subscription has this endpoint: 404.
    case unknownSubscription
    /// The subscription was ended (the page unsubscribed), or its installation has no push token to deliver
    /// through: 410, which tells a Web Push library to drop the subscription.
    case gone(String)
    /// No `Authorization: vapid t=…, k=…` header, or one that is not a signed token: 401.
    case unauthenticated(String)
    /// A token that does not hold for this subscription: another key than the subscription's
    /// `applicationServerKey`, a bad signature, another audience, or an expiry passed or too far: 403.
    case forbidden(String)
    /// Not `Content-Encoding: aes128gcm`: 415.
    case unsupportedEncoding
    /// A body over ``WebPushKeys/maxBodyBytes``: 413.
    case tooLarge
    /// A body that does not decrypt with the subscription's keys, or a request without `TTL`: 400.
    case malformed(String)
    /// The same encrypted message again (its salt was seen for this subscription): 409.
    case replay
    /// More pushes from this client or for this installation than its ``ClientLimits`` allow: 429.
    case tooFast

    /// The status it answers.
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownSubscription: .notFound
        case .gone: .gone
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        case .unsupportedEncoding: .unsupportedMediaType
        case .tooLarge: .contentTooLarge
        case .malformed: .badRequest
        case .replay: .conflict
        case .tooFast: .tooManyRequests
        }
    }

    /// The one-line reason, which never echoes a key or the payload.
    package var reason: String {
        switch self {
        case .unknownSubscription: "no such push subscription"
        case .gone(let why): "the subscription cannot be delivered to: \(why)"
        case .unauthenticated(let why): "VAPID authentication required: \(why)"
        case .forbidden(let why): "the VAPID token does not hold for this subscription: \(why)"
        case .unsupportedEncoding: "the body must be encrypted with Content-Encoding: aes128gcm (RFC 8291)"
        case .tooLarge: "the encrypted body is over \(WebPushKeys.maxBodyBytes) bytes"
        case .malformed(let why): why
        case .replay: "this message was already received (its salt was seen before); nothing was sent"
        case .tooFast: "too many pushes from this client or to this installation; nothing was queued, retry later"
        }
    }
}
