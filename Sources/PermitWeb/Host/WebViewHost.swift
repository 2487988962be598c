public import Foundation

/// The web view a hybrid app shows: the seam through which Permit installs its bridge, talks to the page and
/// keeps cookies.
///
/// `PermitChromium` implements it over headless Chromium on Linux and `PermitTesting` has a scriptable fake;
/// `WebKitWebView` in the `PermitWebKit` adapter implements it over `WKWebView`.
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
/// - Cookie writes and deletions return only once the web view's cookie store applied them.
/// - Events are reported in the order they happened, to every observer. After ``WebViewEvent/terminated(reason:)`` a host that
///   recovers re-applies every script, handler and cookie it was given, reloads the last page, and reports
///   ``WebViewEvent/restarted``.
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

    /// Stores a cookie, replacing one with the same name, domain and path; returns once it is stored.
    func setCookie(_ cookie: Cookie) async throws

    /// Every cookie in the web view's store.
    func cookies() async throws -> [Cookie]

    /// Deletes the cookie with this name, domain and path, if there is one; returns once it is gone.
    func deleteCookie(named name: String, domain: String, path: String) async throws

    /// Adds a handler that receives the web view's events from now on, and returns its identifier.
    ///
    /// Each event goes to every handler, in the order the handlers were added, one event at a time: a handler
    /// that awaits holds up the events after it, never the web view. Permit's cookie sync is one such
    /// handler; an app may add its own.
    func addEventObserver(_ handler: @escaping @Sendable (WebViewEvent) async -> Void) async -> WebViewObserverID

    /// Removes a handler added with ``addEventObserver(_:)``; events already delivered stay delivered.
    func removeEventObserver(_ id: WebViewObserverID) async
}
