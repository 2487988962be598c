import Foundation
import Logging

extension WebBridge {
    /// Hands a native push to the page when it carries a Web Push message (``WebPushMessage``): the push
    /// registration (``WebPushOptions``) of a page of the subscribing origin gets a `push` event whose `data` is
    /// the payload, as a service worker's would. Call it from the app's handler of received notifications, with
    /// the push's data, while the app is open. Whether the system shows the notification meanwhile is the app's
    /// to decide (on iOS, its notification center delegate's presentation options; Android shows none while the
    /// app is in the foreground).
    ///
    /// - Returns: Whether the push was a Web Push message and was handed to the bridge in the page; `false` for
    ///   another push, without ``BridgeConfiguration/webPush``, or when the page could not be reached. The page
    ///   fires the event only on the subscribing origin, where it installed the Push API.
    @discardableResult
    public func receivedPush(data: [String: String]) async -> Bool {
        guard configuration.webPush != nil, let host, let message = WebPushMessage(data: data) else { return false }
        do {
            try await host.evaluateJavaScript(BridgeScript.push(configuration: configuration, message: message, nonce: nonce))
            logger.debug("bridge handed a web push to the page", metadata: ["bytes": "\(message.payload?.count ?? 0)"])
            return true
        } catch {
            logger.notice("bridge could not hand a web push to the page", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Opens a tapped Web Push notification's `navigate` URL in the web view, when its origin is one the bridge
    /// allows. Call it from the app's handler of opened notifications, with the push's data.
    ///
    /// - Returns: Whether the web view was asked to load the URL; `false` for another push, one without a URL,
    ///   or a URL on an origin the bridge does not allow (which is logged, and left for the app).
    @discardableResult
    public func openedNotification(data: [String: String]) async -> Bool {
        guard let host, let url = WebPushMessage(data: data)?.navigate else { return false }
        guard let origin = WebOrigin(url: url), configuration.allowedOrigins.contains(origin) else {
            logger.notice("bridge left a notification's URL on an origin it does not allow", metadata: ["host": "\(url.host ?? "")"])
            return false
        }
        do {
            try await host.load(url)
            return true
        } catch {
            logger.notice("bridge could not open a notification's URL", metadata: ["error": "\(error)"])
            return false
        }
    }
}
