package import Foundation

/// What a decrypted Web Push payload becomes on the installation's native push.
///
/// A payload in the Declarative Web Push form (`{"web_push": 8030, "notification": {"title": …, "navigate": …}}`,
/// with `body` optional) becomes that notification: its title and body, and `navigate` in the data, the URL the
/// app opens in the web view when the notification is tapped. Any other payload gets the app's default
/// notification. Either way the payload travels in the data for the page's `push` event, as the site sent it
/// (as text under `payload` when it is UTF-8, else in base64 under `payloadBase64`; neither for a push without a
/// payload), and the data names the subscription under `webPush` and its page's origin under `webPushOrigin`.
package enum WebPushContent {
    /// The data key naming the subscription a push came through.
    package static let subscriptionKey = "webPush"
    /// The data key of a declarative notification's URL.
    package static let navigateKey = "navigate"
    /// The data key of a payload that is text.
    package static let payloadKey = "payload"
    /// The data key of a payload that is not UTF-8, in base64.
    package static let payloadBase64Key = "payloadBase64"

    /// The data key of the origin whose page subscribed, so that a push reaches that origin's page only.
    package static let originKey = "webPushOrigin"

    /// The native message for `payload` (`nil` for a push without one), received through subscription
    /// `subscription`, which a page of `origin` made.
    package static func message(for payload: Data?, subscription: String, origin: String, defaultNotification: PushMessage) -> PushMessage {
        var message = defaultNotification
        if let payload, let declarative = try? JSONDecoder().decode(Declarative.self, from: payload), declarative.version == 8030,
            !declarative.notification.title.isEmpty, let url = URL(string: declarative.notification.navigate),
            ["https", "http"].contains(url.scheme?.lowercased() ?? "")
        {
            message = PushMessage(
                title: declarative.notification.title, body: declarative.notification.body,
                data: [navigateKey: declarative.notification.navigate])
        }
        message.data[subscriptionKey] = subscription
        message.data[originKey] = origin
        if let payload {
            if let text = String(data: payload, encoding: .utf8) {
                message.data[payloadKey] = text
            } else {
                message.data[payloadBase64Key] = payload.base64EncodedString()
            }
        }
        return message
    }

    /// The Declarative Web Push fields Permit maps (the rest are ignored).
    private struct Declarative: Decodable {
        var version: Int
        var notification: Notification

        enum CodingKeys: String, CodingKey {
            case version = "web_push", notification
        }

        struct Notification: Decodable {
            var title: String
            var body: String?
            var navigate: String
        }
    }
}
