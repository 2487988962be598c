#if canImport(WebKit)
public import Foundation
public import Logging
public import Permit
public import PermitWeb
public import WebKit

/// The `WebViewHost` over `WKWebView`: how a hybrid iOS or macOS app gives Permit its web view.
///
/// It translates the seam into WebKit and decides nothing:
///
/// - A user script is a `WKUserScript` injected at document start into every frame, in the page's content
///   world.
/// - A message handler is a `WKScriptMessageHandlerWithReply`, so that the page's `postMessage` returns a
///   promise of the reply. Every message is checked first: it must come from the main frame and, when
///   ``Configuration/allowedOrigins`` is set, from an allow-listed security origin (scheme, host and port). The
///   frame and origin are WebKit's (`WKFrameInfo`), never the page's. A refused message is answered with an
///   error and reaches no handler; `WebBridge` applies the same rule again.
/// - Cookies are converted to `HTTPCookie` (with `SameSite`) and written to the web view's
///   `WKHTTPCookieStore`, each write awaited. ``load(_:)`` waits for every cookie write begun before it, so
///   cookies set before the first load are in the store when the page asks for them.
/// - When the web content process terminates, the host reports `WebViewEvent.terminated(reason:)`, writes every
///   cookie it was given again, reloads the last page and reports `WebViewEvent.restarted`. Scripts and
///   handlers live in the web view's configuration and survive the process.
///
/// - Camera and microphone capture is decided by the host as the web view's UI delegate, from what the bridge
///   set with ``setEnginePermission(_:granted:for:)``: granted while the native permission is usable, denied
///   otherwise, never WebKit's own prompt.
///
/// Add ``webView`` to the view hierarchy. Keep the navigation and UI delegates: the host is both. It implements
/// no JavaScript dialog method, so dialogs are dismissed at once (the seam requires it).
///
/// For example:
///
/// ```swift
/// let host = WebKitWebView(configuration: .init(allowedOrigins: [try WebOrigin("https://app.example.com")]),
///                          logger: logger)
/// view.addSubview(host.webView)
/// try await router.attach(to: host)
/// try await host.load(URL(string: "https://app.example.com/")!)
/// ```
@MainActor
public final class WebKitWebView: NSObject, WebViewHost, WebCookieStore, WKNavigationDelegate, WKHTTPCookieStoreObserver {
    /// What the host accepts and how it answers a terminated web content process.
    public struct Configuration: Sendable {
        /// The security origins whose main frame may post messages; empty accepts any main-frame origin
        /// (the bridge still checks its own list).
        public var allowedOrigins: Set<WebOrigin>
        /// Whether a terminated web content process is answered by re-syncing cookies and reloading.
        public var reloadsAfterTermination: Bool

        /// Creates a configuration.
        public init(allowedOrigins: Set<WebOrigin> = [], reloadsAfterTermination: Bool = true) {
            self.allowedOrigins = allowedOrigins
            self.reloadsAfterTermination = reloadsAfterTermination
        }
    }

    private struct CookieKey: Hashable {
        var name: String
        var domain: String
        var path: String
    }

    /// The web view to show.
    public let webView: WKWebView

    private let configuration: Configuration
    private let logger: Logger
    private let messageProxy: MessageHandlerProxy

    private var scripts: [(id: UserScriptID, source: String)] = []
    private var nextScriptNumber = 0
    private var handlers: [String: @Sendable (WebMessage) async -> String] = [:]
    private var cookiesSet: [CookieKey: Cookie] = [:]
    /// The cookie writes begun so far, chained: a load waits for all of them.
    private var cookieWrites: Task<Void, Never>?

    /// What the bridge set for each engine permission and origin; read by the media-capture decision.
    var enginePermissions: [EnginePermissionKey: Bool] = [:]

    private var lastURL: URL?
    private var loadWaiters: [ObjectIdentifier: CheckedContinuation<Void, any Error>] = [:]

    /// Hands the web view's events to every sequence made by ``events()``.
    private let eventBroadcaster = UpdateBroadcaster<WebViewEvent>()
    /// Tells every sequence made by ``changes()`` that the cookie store changed.
    private let cookieBroadcaster = UpdateBroadcaster<Void>()

    /// Creates the host and its web view.
    ///
    /// - Parameters:
    ///   - configuration: The origins that may post messages, and the answer to a terminated process.
    ///   - webViewConfiguration: The web view's configuration; its user content controller and website data
    ///     store are the ones the host uses.
    ///   - logger: Receives refused messages at `warning` and terminations at `error`.
    public init(
        configuration: Configuration = Configuration(),
        webViewConfiguration: WKWebViewConfiguration = WKWebViewConfiguration(),
        logger: Logger
    ) {
        self.configuration = configuration
        self.logger = logger
        webView = WKWebView(frame: .zero, configuration: webViewConfiguration)
        messageProxy = MessageHandlerProxy()
        super.init()
        messageProxy.host = self
        webView.navigationDelegate = self
        webView.uiDelegate = self
        // The store does not retain its observers.
        httpCookieStore.add(self)
    }

    private var contentController: WKUserContentController { webView.configuration.userContentController }
    private var httpCookieStore: WKHTTPCookieStore { webView.configuration.websiteDataStore.httpCookieStore }

    // MARK: - Scripts

    /// Adds a script injected at document start into every frame of every document loaded from now on.
    public func addUserScript(_ source: String) async throws -> UserScriptID {
        nextScriptNumber += 1
        let id = UserScriptID(rawValue: nextScriptNumber)
        scripts.append((id, source))
        contentController.addUserScript(Self.userScript(source))
        return id
    }

    /// Removes a script; WebKit removes only all scripts at once, so the others are added again in order.
    public func removeUserScript(_ id: UserScriptID) async throws {
        guard scripts.contains(where: { $0.id == id }) else { return }
        scripts.removeAll { $0.id == id }
        contentController.removeAllUserScripts()
        for script in scripts { contentController.addUserScript(Self.userScript(script.source)) }
    }

    private static func userScript(_ source: String) -> WKUserScript {
        WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false, in: .page)
    }

    // MARK: - Message handlers

    /// Registers a with-reply handler under `name` in the page's content world; a second registration under
    /// the same name replaces the first.
    public func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws {
        if handlers.updateValue(handler, forKey: name) != nil {
            // WebKit raises an exception when a name is added twice.
            contentController.removeScriptMessageHandler(forName: name, contentWorld: .page)
        }
        contentController.addScriptMessageHandler(messageProxy, contentWorld: .page, name: name)
    }

    /// Removes the handler registered under `name`.
    public func removeMessageHandler(named name: String) async throws {
        guard handlers.removeValue(forKey: name) != nil else { return }
        contentController.removeScriptMessageHandler(forName: name, contentWorld: .page)
    }

    /// Checks one message's frame and origin, as WebKit reports them, and hands it to its handler.
    fileprivate func receive(_ message: WKScriptMessage, reply: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        let frame = Self.frame(of: message.frameInfo)
        guard frame.isMainFrame else {
            return refuse(message, "not the main frame", reply: reply)
        }
        if !configuration.allowedOrigins.isEmpty {
            guard let origin = frame.origin, configuration.allowedOrigins.contains(origin) else {
                return refuse(message, "origin not allowed", reply: reply)
            }
        }
        guard let body = message.body as? String else {
            return refuse(message, "the message is not text", reply: reply)
        }
        guard let handler = handlers[message.name] else {
            return refuse(message, "no handler", reply: reply)
        }
        let webMessage = WebMessage(body: body, frame: frame)
        Task {
            let answer = await handler(webMessage)
            reply(answer, nil)
        }
    }

    private func refuse(
        _ message: WKScriptMessage, _ reason: String, reply: @MainActor @Sendable (Any?, String?) -> Void
    ) {
        let origin = Self.frame(of: message.frameInfo).origin?.description ?? "none"
        logger.warning(
            "web message refused", metadata: ["handler": "\(message.name)", "reason": "\(reason)", "origin": "\(origin)"])
        reply(nil, "message refused: \(reason)")
    }

    /// The frame WebKit reports; a security origin with port 0 uses its scheme's default port.
    static func frame(of info: WKFrameInfo) -> WebFrame {
        let security = info.securityOrigin
        let origin = try? WebOrigin(
            scheme: security.protocol, host: security.host, port: security.port == 0 ? nil : security.port)
        return WebFrame(isMainFrame: info.isMainFrame, origin: origin)
    }

    // MARK: - Page

    /// Runs `source`, an expression, in the main frame's page world, awaits it if it is a promise, and returns
    /// its value as JSON text, or `nil` for `undefined` or a value JSON cannot hold.
    @discardableResult
    public func evaluateJavaScript(_ source: String) async throws -> String? {
        // The expression is Permit's own; its value leaves the page as JSON text only.
        let body = "const value = await (\(source)\n); return value === undefined ? null : (JSON.stringify(value) ?? null);"
        let result = try await webView.callAsyncJavaScript(body, arguments: [:], in: nil, contentWorld: .page)
        return result as? String
    }

    /// Loads `url` in the main frame once every cookie write begun so far is done, and returns when the page
    /// finished loading.
    public func load(_ url: URL) async throws {
        await cookieWrites?.value
        lastURL = url
        guard let navigation = webView.load(URLRequest(url: url)) else { return }
        try await withCheckedThrowingContinuation { continuation in
            loadWaiters[ObjectIdentifier(navigation)] = continuation
        }
    }

    // MARK: - WKNavigationDelegate

    /// The main frame committed a navigation: reported as `WebViewEvent.navigated(_:)`.
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        if let url = webView.url {
            if url.scheme == "http" || url.scheme == "https" { lastURL = url }
            eventBroadcaster.publish(.navigated(url))
        }
    }

    /// The main frame finished loading: reported as `WebViewEvent.loaded(_:)`, and a waiting load returns.
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        if let url = webView.url { eventBroadcaster.publish(.loaded(url)) }
        finishLoad(navigation, with: nil)
    }

    /// A navigation failed after it was committed: a waiting load throws the error.
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        finishLoad(navigation, with: error)
    }

    /// A navigation failed before it was committed: a waiting load throws the error.
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
        finishLoad(navigation, with: error)
    }

    /// The web content process ended: reported, then answered by re-writing the cookies and reloading.
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        logger.error("web content process terminated", metadata: ["url": "\(lastURL?.absoluteString ?? "none")"])
        eventBroadcaster.publish(.terminated(reason: "web content process terminated"))
        for waiter in loadWaiters.values { waiter.resume(throwing: WebKitWebViewError.webContentTerminated) }
        loadWaiters = [:]
        guard configuration.reloadsAfterTermination else { return }
        Task { await recover() }
    }

    private func recover() async {
        for cookie in cookiesSet.values {
            guard let converted = Self.httpCookie(cookie) else { continue }  // refused when it was set, too
            await httpCookieStore.setCookie(converted)
        }
        if let lastURL {
            webView.load(URLRequest(url: lastURL))
        } else {
            webView.reload()
        }
        eventBroadcaster.publish(.restarted)
    }

    private func finishLoad(_ navigation: WKNavigation?, with error: (any Error)?) {
        guard let navigation, let waiter = loadWaiters.removeValue(forKey: ObjectIdentifier(navigation)) else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume() }
    }

    // MARK: - Cookies

    /// Writes `cookie` to the web view's cookie store, with its `SameSite` attribute; returns once it is stored.
    public func setCookie(_ cookie: Cookie) async throws {
        // Recorded first, so that a delete that follows wins and a recovery writes it again.
        cookiesSet[CookieKey(name: cookie.name, domain: cookie.domain, path: cookie.path)] = cookie
        guard let converted = Self.httpCookie(cookie) else { throw WebKitWebViewError.cookieRefused }
        await enqueueCookieWrite { store in await store.setCookie(converted) }
    }

    /// Every cookie in the web view's cookie store.
    public func allCookies() async throws -> [Cookie] {
        await cookieWrites?.value
        return await httpCookieStore.allCookies().map(Self.cookie(from:))
    }

    /// Deletes the cookie with this name, domain (host-only or not) and path; returns once it is gone.
    public func deleteCookie(named name: String, domain: String, path: String) async throws {
        cookiesSet[CookieKey(name: name, domain: domain, path: path)] = nil
        await enqueueCookieWrite { store in
            for stored in await store.allCookies()
            where stored.name == name && stored.path == path
                && (stored.domain == domain || stored.domain == "." + domain)
            {
                await store.deleteCookie(stored)
            }
        }
    }

    /// Runs one write after the writes before it, so that writes apply in the order they were asked for.
    private func enqueueCookieWrite(_ write: @escaping @MainActor (WKHTTPCookieStore) async -> Void) async {
        let previous = cookieWrites
        let store = httpCookieStore
        let task = Task {
            await previous?.value
            await write(store)
        }
        cookieWrites = task
        await task.value
    }

    /// The `HTTPCookie` for `cookie`, or `nil` when Foundation refuses it: a host-only cookie's domain has no
    /// leading dot, a domain cookie's has.
    ///
    /// Foundation names only the `Lax` and `Strict` policies; `SameSite=None` and an unspecified policy are both
    /// written without one, which WebKit sends cross-site (read back, both are unspecified).
    static func httpCookie(_ cookie: Cookie) -> HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: cookie.name,
            .value: cookie.value,
            .domain: cookie.isHostOnly ? cookie.domain : "." + cookie.domain,
            .path: cookie.path,
        ]
        if let expires = cookie.expires { properties[.expires] = expires }
        if cookie.isSecure { properties[.secure] = "TRUE" }
        // Foundation has no named key for HttpOnly; it reads the attribute's own name.
        if cookie.isHTTPOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        switch cookie.sameSite {
        case .lax: properties[.sameSitePolicy] = HTTPCookieStringPolicy.sameSiteLax.rawValue
        case .strict: properties[.sameSitePolicy] = HTTPCookieStringPolicy.sameSiteStrict.rawValue
        case .none, .unspecified: break
        }
        return HTTPCookie(properties: properties)
    }

    /// Permit's `Cookie` for an `HTTPCookie` from the store.
    static func cookie(from stored: HTTPCookie) -> Cookie {
        let sameSite: Cookie.SameSite =
            switch stored.sameSitePolicy {
            case HTTPCookieStringPolicy.sameSiteLax?: .lax
            case HTTPCookieStringPolicy.sameSiteStrict?: .strict
            default: .unspecified
            }
        return Cookie(
            name: stored.name, value: stored.value,
            domain: stored.domain.hasPrefix(".") ? String(stored.domain.dropFirst()) : stored.domain,
            isHostOnly: !stored.domain.hasPrefix("."), path: stored.path,
            expires: stored.isSessionOnly ? nil : stored.expiresDate, isSecure: stored.isSecure,
            isHTTPOnly: stored.isHTTPOnly, sameSite: sameSite)
    }

    // MARK: - Events

    /// A sequence of the web view's events from now on.
    public nonisolated func events() -> WebViewEvents { eventBroadcaster.subscribe() }

    /// The web view's cookie store, as Permit's seam: the host itself, over `WKHTTPCookieStore`.
    public nonisolated var cookieStore: any WebCookieStore { self }

    /// A sequence that receives a value each time `WKHTTPCookieStore` reports its cookies changed, by the
    /// host, the page or the server.
    public nonisolated func changes() -> CookieStoreChanges { cookieBroadcaster.subscribe() }

    /// `WKHTTPCookieStoreObserver`: the store's cookies changed.
    public func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
        cookieBroadcaster.publish(())
    }
}

/// The object WebKit retains as the script message handler; it holds the host weakly, so that the host and
/// its web view are released when the app lets them go.
@MainActor
private final class MessageHandlerProxy: NSObject, WKScriptMessageHandlerWithReply {
    weak var host: WebKitWebView?

    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        guard let host else { return replyHandler(nil, "the web view is gone") }
        host.receive(message, reply: replyHandler)
    }
}
#endif
