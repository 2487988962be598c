public import Foundation

/// The Push API on a bridged page, backed by Permit's server: `navigator.serviceWorker.ready` gives a
/// registration whose `pushManager` subscribes at the server, so that a site's own Web Push code reaches the app
/// as native push (the server article's "A site's own Web Push").
///
/// It is off unless the app sets ``BridgeConfiguration/webPush``; it needs the notifications kind tracked, since
/// `subscribe` asks for it through the app's policy as `Notification.requestPermission` does.
///
/// For example:
///
/// ```swift
/// var bridge = BridgeConfiguration(allowedOrigins: [try WebOrigin("https://shop.example")])
/// bridge.webPush = WebPushOptions()
/// ```
public struct WebPushOptions: Hashable, Sendable {
    /// The path on the page's origin where the page subscribes, reads and ends its subscription:
    /// `/permit/web-push/subscription`, where `permit server` (or a proxy in front of it) answers.
    public var subscriptionPath: String
    /// Whether Permit's Push API replaces the engine's own service workers (and push, where it has it).
    /// `false` (the default) leaves an engine with service workers alone: WKWebView has none outside app-bound
    /// domains. Replacing them means the page's worker scripts no longer run.
    public var replacesEnginePush: Bool

    /// Creates the options.
    public init(subscriptionPath: String = "/permit/web-push/subscription", replacesEnginePush: Bool = false) {
        self.subscriptionPath = subscriptionPath
        self.replacesEnginePush = replacesEnginePush
    }

    /// Whether `subscriptionPath` is a path on the page's own origin: it starts with one `/` and holds no
    /// spaces, quotes, backslashes or control characters.
    var hasValidPath: Bool {
        subscriptionPath.hasPrefix("/") && !subscriptionPath.hasPrefix("//") && subscriptionPath.utf8.count <= 256
            && subscriptionPath.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\"'\\<>`".unicodeScalars.contains($0) }
    }
}

/// A Web Push message that reached the app as a native push: what Permit's server put in the push's data
/// (`webPush`, the subscription; `webPushOrigin`, its page's origin; `payload` or `payloadBase64`, unless the
/// push had none; `navigate` for a declarative notification).
public struct WebPushMessage: Sendable, Hashable {
    /// The subscription it came through.
    public var subscription: String
    /// The payload as the site sent it, or `nil` for a push without one.
    public var payload: [UInt8]?
    /// Where tapping the notification leads, for a declarative notification.
    public var navigate: URL?
    /// The origin of the page that subscribed: the message is that origin's page's only.
    public var origin: String?

    /// Reads a native push's data; `nil` when the push is not a Web Push message.
    public init?(data: [String: String]) {
        guard let subscription = data["webPush"], !subscription.isEmpty else { return nil }
        self.subscription = subscription
        if let text = data["payload"] {
            payload = Array(text.utf8)
        } else if let base64 = data["payloadBase64"], let bytes = Data(base64Encoded: base64) {
            payload = Array(bytes)
        } else {
            payload = nil
        }
        navigate = data["navigate"].flatMap(URL.init(string:))
        origin = data["webPushOrigin"]
    }
}
