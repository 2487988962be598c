public import Foundation
public import Permit

/// The web view a hybrid app shows: the seam through which Permit installs its bridge and talks to the page.
///
/// `PermitChromium` implements it over headless Chromium and `PermitWebKitGTK` over WebKitGTK on Linux, and
/// `PermitTesting` has a scriptable fake;
/// `WebKitWebView` in the `PermitWebKit` adapter implements it over `WKWebView`. The web view's cookies are
/// behind a seam of their own, ``WebCookieStore``, which the host hands out as ``cookieStore``.
///
/// ## Implementation requirements
///
/// - ``addUserScript(_:)``: the script runs in every frame's main world at document start, before any of the
///   page's own scripts, in every document loaded from then on, in the order scripts were added.
/// - ``addMessageHandler(named:_:)``: from then on, every document (scripts added later included) can call
///   `window.webkit.messageHandlers[name].postMessage(text)`, which returns a promise of the text the handler
///   returns. Each ``WebMessage`` carries the frame that posted it, taken from the web view and never from the
///   page. Handlers may be called concurrently.
/// - ``evaluateJavaScript(_:)`` runs in the main frame's main world and returns the completion value as JSON
///   text, or `nil` for `undefined` or a value JSON cannot hold. Permit passes only expressions whose value
///   is plain data; a host may await a promise first (Chromium does; `WKWebView` needs `callAsyncJavaScript`
///   for that).
/// - JavaScript dialogs (`alert`, `confirm`, `prompt`) never block the page: a host without UI for them
///   dismisses them at once, as `WKWebView` does without a UI delegate.
/// - ``setEnginePermission(_:granted:for:)`` makes the engine answer the page's own requests for that
///   permission as told, without showing a prompt of its own (Chromium: `Browser.setPermission`; `WKWebView`:
///   the `WKUIDelegate` media-capture decision; WebKitGTK: the `permission-request` signal). A host whose
///   engine has no such permission keeps the default, which does nothing.
/// - ``removeUserScript(_:)`` and ``removeMessageHandler(named:)`` complete even when the calling task is
///   cancelled: `WebBridge` takes itself out of the web view when its `run()` is cancelled. (Swift has no
///   cancellation shield; Chromium runs each change in its own task, and the other hosts' removals do not
///   look at cancellation.)
/// - ``events()`` gives every sequence made the events from then on, in the order they happened. After
///   ``WebViewEvent/terminated(reason:)`` a host that recovers re-applies every script, handler and cookie it
///   was given, reloads the last page, and reports ``WebViewEvent/restarted``.
public protocol WebViewHost: AnyObject, Sendable {
    /// Adds a script that runs at document start in every frame of every document loaded from now on.
    func addUserScript(_ source: String) async throws -> UserScriptID

    /// Removes a script added with ``addUserScript(_:)``; documents already loaded keep what it did.
    func removeUserScript(_ id: UserScriptID) async throws

    /// Registers a handler the page can post text messages to, each answered with the text it returns.
    ///
    /// Registering a second handler under the same name replaces the first.
    func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws

    /// Removes the handler registered under `name`; documents loaded from then on no longer have it.
    func removeMessageHandler(named name: String) async throws

    /// Runs JavaScript in the main frame and returns its completion value as JSON text, or `nil` for
    /// `undefined`.
    @discardableResult
    func evaluateJavaScript(_ source: String) async throws -> String?

    /// Loads `url` in the main frame and returns once its `load` event fired.
    func load(_ url: URL) async throws

    /// Makes the engine grant or refuse `permission` to pages of `origin` from now on, with no prompt.
    func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) async throws

    /// A sequence of the web view's events from now on.
    func events() -> WebViewEvents

    /// The web view's cookie store.
    var cookieStore: any WebCookieStore { get }
}

extension WebViewHost {
    /// Does nothing: the default for a host whose engine has no permission machinery of its own to keep in
    /// step.
    public func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) async throws {}
}

/// The events of a ``WebViewHost``, from the moment ``WebViewHost/events()`` was called, in the order they
/// happened.
///
/// For example:
///
/// ```swift
/// for await event in webView.events() {
///     if case .terminated(let reason) = event { logger.warning("web content died", metadata: ["reason": "\(reason)"]) }
/// }
/// ```
public typealias WebViewEvents = UpdateStream<WebViewEvent>
