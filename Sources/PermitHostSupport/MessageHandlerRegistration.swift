/// How a message handler name is registered with WebKit without raising.
///
/// `WKUserContentController` raises `NSInvalidArgumentException` when a handler is added under a name already in
/// use: the name "must be unique within the user content controller" (Apple, `add(_:contentWorld:name:)`), and the
/// exception ends the app. WebKit has no API that lists the registered names, and the app, or another SDK sharing
/// the web view's configuration, may have registered the same name, typically an app moving its own bridge to
/// Permit under the name its page already uses. Removing a name nobody registered does nothing (so WebKit's
/// implementation behaves; Apple's documentation says nothing either way). So every
/// registration first removes the name in the page's content world, then adds Permit's handler: Permit takes the
/// name over, and a handler registered under it before no longer receives messages.
///
/// `WebKitWebView` in `PermitWebKit` performs the steps with `removeScriptMessageHandler(forName:contentWorld:)`
/// and `addScriptMessageHandler(_:contentWorld:name:)`.
///
/// For example:
///
/// ```swift
/// MessageHandlerRegistration.steps(registering: "ZooboxBridge")   // [.remove("ZooboxBridge"), .add("ZooboxBridge")]
/// ```
package enum MessageHandlerRegistration: Hashable, Sendable {
    /// Remove whatever handler is registered under the name in the page's content world.
    case remove(String)
    /// Add Permit's handler under the name in the page's content world.
    case add(String)

    /// The steps that register Permit's handler under `name`, in order.
    package static func steps(registering name: String) -> [MessageHandlerRegistration] {
        [.remove(name), .add(name)]
    }
}
