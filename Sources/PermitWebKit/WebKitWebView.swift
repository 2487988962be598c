#if canImport(WebKit)
public import Foundation
public import Logging
public import Permit
public import PermitWeb
public import WebKit
import PermitAdapterSupport
import PermitHostSupport

/// The `WebViewHost` over `WKWebView`: how a hybrid iOS or macOS app gives Permit its web view.
///
/// It translates the seam into WebKit; every decision is made by portable code in `PermitWeb`, tested on Linux:
///
/// - A user script is a `WKUserScript` injected at document start into every frame, in the page's content
///   world. WebKit can remove only all scripts at once, so removing one re-adds every other script of the
///   controller (the app's and other SDKs' included) from `WKUserContentController.userScripts`, in order
///   (`UserScriptList`).
/// - A message handler is a `WKScriptMessageHandlerWithReply`, so that the page's `postMessage` returns a
///   promise of the reply. Every message is checked first: it must come from the main frame and, when
///   ``Configuration/allowedOrigins`` is set, from an allow-listed security origin (scheme, host and port). The
///   frame and origin are WebKit's (`WKFrameInfo`), never the page's. A refused message is answered with an
///   error and reaches no handler (`WebMessageAdmission`); `WebBridge` applies the same rule again.
/// - Cookies are converted to `HTTPCookie` (with `SameSite`; `FoundationCookieFields`) and written to the web view's `WKHTTPCookieStore`
///   one after another, in the order asked (`OrderedWriteChain`). Each write waits at most
///   ``Configuration/cookieTimeout``: a completion that never comes fails that write and blocks nothing after it. A delete
///   names the cookie (host-only and domain variants) instead of reading the store first, so it works before
///   the network process has started. ``load(_:)`` waits for every cookie write begun before it.
/// - ``load(_:)`` returns when the page finished loading, fails after ``Configuration/loadTimeout``, and returns at
///   once for a load that changes only the fragment, which WebKit never finishes (`WebLoadDecision`).
/// - The web view's navigation and UI delegates are proxies of the host: each answers the methods the host
///   needs and forwards every other method to the app's own ``navigationDelegate`` or ``uiDelegate``
///   (`DelegateForwarding`), so an app keeps downloads, context menus and the rest; a method neither implements
///   keeps WebKit's default.
/// - Navigations and new windows follow `WebNavigationPolicy` unless the app's ``delegate`` decides: links to
///   other apps (`tel:`, `mailto:`, ...) and other sites, and universal links, go to
///   ``Configuration/openExternally``; `window.open` and `target="_blank"` to the app's site load in place. The
///   JavaScript dialogs go to the ``delegate``, and are dismissed without one (see `WebKitWebViewDelegate`).
/// - When the web content process terminates, the host reports `WebViewEvent.terminated(reason:)` and asks
///   `RestartPolicyStateMachine`: it reloads after a growing delay, only in the foreground (a termination in the
///   background waits for the app to return; `AppLifecycleNotification`), and gives up after five terminations within a minute. Before the
///   reload, every cookie it was given and not deleted since is written again through the same ordered chain of
///   writes, then it loads the page again (`WebRecoveryPage`) and reports `WebViewEvent.restarted`. Scripts and handlers live in the web view's
///   configuration and survive the process.
///
/// - Camera and microphone capture for a bridged page is decided from what the bridge set with
///   ``setEnginePermission(_:granted:for:)``: granted while the native permission is usable, denied otherwise,
///   never WebKit's own prompt (`EngineCaptureDecision`). Other pages' requests go to the ``delegate``.
///
/// Add ``webView`` to the view hierarchy with a frame or constraints. Do not set the web view's
/// `navigationDelegate` or `uiDelegate`: give the app's delegates to the host's ``navigationDelegate`` and
/// ``uiDelegate``, and its decisions on the calls the host answers to ``delegate``.
///
/// For example:
///
/// ```swift
/// let host = WebKitWebView(configuration: .init(allowedOrigins: [try WebOrigin("https://app.example.com")]),
///                          logger: logger)
/// host.webView.frame = view.bounds
/// view.addSubview(host.webView)
/// ```
@MainActor
public final class WebKitWebView: WebViewHost, WebCookieStore {
    /// What the host accepts, where links that leave the web view go, and how long it waits for WebKit.
    public struct Configuration: Sendable {
        /// The security origins whose main frame may post messages, and the app's site for navigations; empty
        /// accepts any main-frame origin (the bridge still checks its own list).
        public var allowedOrigins: Set<WebOrigin>
        /// Whether a terminated web content process is answered by re-syncing cookies and reloading.
        public var reloadsAfterTermination: Bool
        /// Opens a URL that leaves the web view (`ExternalURLs.open` in `PermitUIKit`); `nil` cancels such
        /// navigations with a log line.
        public var openExternally: (@MainActor @Sendable (URL) -> Void)?
        /// How long one cookie write or read may take.
        public var cookieTimeout: Duration
        /// How long ``WebKitWebView/load(_:)`` waits for the page.
        public var loadTimeout: Duration

        /// Creates a configuration.
        public init(
            allowedOrigins: Set<WebOrigin> = [], reloadsAfterTermination: Bool = true,
            openExternally: (@MainActor @Sendable (URL) -> Void)? = nil, cookieTimeout: Duration = .seconds(5),
            loadTimeout: Duration = .seconds(60)
        ) {
            self.allowedOrigins = allowedOrigins
            self.reloadsAfterTermination = reloadsAfterTermination
            self.openExternally = openExternally
            self.cookieTimeout = cookieTimeout
            self.loadTimeout = loadTimeout
        }
    }

    struct CookieKey: Hashable {
        var name: String
        var domain: String
        var path: String
    }

    /// The web view to show.
    public let webView: WKWebView
    /// The app's decisions about the calls the host answers itself: navigations, dialogs, page capture
    /// requests, authentication challenges and failed navigations; held weakly.
    public weak var delegate: (any WebKitWebViewDelegate)?

    /// The app's own navigation delegate, which receives every `WKNavigationDelegate` method the host does not
    /// implement (downloads, navigation-response policy, `didStartProvisionalNavigation`, server redirects,
    /// deprecated TLS, ...); held weakly, as `WKWebView` holds its own.
    ///
    /// The host answers the navigation-action policy (both variants), authentication challenges, `didCommit`, `didFinish`,
    /// `didFail`, `didFailProvisionalNavigation` and the content process's termination itself; for those the
    /// host wins and this delegate is not called (``delegate`` and ``events()`` report them). A method neither
    /// implements keeps WebKit's default. Keep the object alive while it is set, or set `nil` before releasing
    /// it: WebKit reads which methods it has when the host registers it.
    public weak var navigationDelegate: (any WKNavigationDelegate)? {
        didSet {
            navigationProxy.appDelegate = navigationDelegate
            navigationProxy.register()
        }
    }

    /// The app's own UI delegate, which receives every `WKUIDelegate` method the host does not implement
    /// (`webViewDidClose`, context menus, device-orientation and motion permission, file pickers on macOS, ...);
    /// held weakly.
    ///
    /// The host answers new windows, `alert`, `confirm`, `prompt` and camera and microphone requests itself; for
    /// those the host wins (the ``delegate`` decides the dialogs and the capture requests of pages the bridge does
    /// not serve). A method neither implements keeps WebKit's default.
    public weak var uiDelegate: (any WKUIDelegate)? {
        didSet {
            uiProxy.appDelegate = uiDelegate
            uiProxy.register()
        }
    }

    let configuration: Configuration
    let logger: Logger
    let navigationPolicy: WebNavigationPolicy
    private let messageProxy: MessageHandlerProxy
    /// The web view's delegates and the cookie store's observer: WebKit holds none of them strongly.
    private let navigationProxy = NavigationDelegateProxy()
    private let uiProxy = UIDelegateProxy()
    private let cookieObserver = CookieObserverProxy()

    /// The scripts added through the host, by id.
    private var scripts: [UserScriptID: WKUserScript] = [:]
    private var nextScriptNumber = 0
    private var handlers: [String: @Sendable (WebMessage) async -> String] = [:]
    var cookiesSet: [CookieKey: Cookie] = [:]
    /// The cookie writes, in order, each for at most the cookie timeout; a load waits for all of them.
    let cookieWrites: OrderedWriteChain

    /// What the bridge set for each engine permission and origin; read by the media-capture decision.
    var enginePermissions: [EnginePermissionKey: Bool] = [:]

    /// The page to load again after a termination (`WebRecoveryPage`).
    var recoveryPage = WebRecoveryPage()
    var loadWaiters: [ObjectIdentifier: CheckedContinuation<Void, any Error>] = [:]
    var restartPolicy: RestartPolicyStateMachine
    let clock = ContinuousClock()
    let createdAt: ContinuousClock.Instant
    /// The lifecycle observers, removed when the host ends.
    let lifecycleObservers = NotificationObservations()

    /// Hands the web view's events to every sequence made by ``events()``.
    let eventBroadcaster = UpdateBroadcaster<WebViewEvent>()
    /// Tells every sequence made by ``changes()`` that the cookie store changed.
    let cookieBroadcaster = UpdateBroadcaster<Void>()

    /// Creates the host and its web view.
    ///
    /// - Parameters:
    ///   - configuration: The origins that may post messages, where external links go, and the timeouts.
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
        navigationPolicy = WebNavigationPolicy(siteOrigins: configuration.allowedOrigins)
        restartPolicy = RestartPolicyStateMachine(
            restartsAfterTermination: configuration.reloadsAfterTermination, initialDelay: .seconds(1))
        createdAt = clock.now
        cookieWrites = OrderedWriteChain(timeout: configuration.cookieTimeout)
        webView = WKWebView(frame: .zero, configuration: webViewConfiguration)
        messageProxy = MessageHandlerProxy()
        messageProxy.host = self
        navigationProxy.host = self
        uiProxy.host = self
        cookieObserver.host = self
        navigationProxy.register()
        uiProxy.register()
        httpCookieStore.add(cookieObserver)
        observeLifecycle()
    }

    private var contentController: WKUserContentController { webView.configuration.userContentController }
    var httpCookieStore: WKHTTPCookieStore { webView.configuration.websiteDataStore.httpCookieStore }
    /// The time since the host was made, for the restart policy.
    var elapsed: Duration { createdAt.duration(to: clock.now) }

    // MARK: - Scripts

    /// Adds a script injected at document start into every frame of every document loaded from now on.
    public func addUserScript(_ source: String) async throws -> UserScriptID {
        nextScriptNumber += 1
        let id = UserScriptID(rawValue: nextScriptNumber)
        let script = WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false, in: .page)
        scripts[id] = script
        contentController.addUserScript(script)
        return id
    }

    /// Removes a script. WebKit removes only all scripts at once, so every other script of the controller,
    /// whoever added it, is added again in its order.
    public func removeUserScript(_ id: UserScriptID) async throws {
        guard let removed = scripts.removeValue(forKey: id) else { return }
        let others = UserScriptList.remaining(contentController.userScripts, removing: removed, source: \.source)
        contentController.removeAllUserScripts()
        for script in others { contentController.addUserScript(script) }
    }

    // MARK: - Message handlers

    /// Registers a with-reply handler under `name` in the page's content world; a second registration under
    /// the same name replaces the first.
    ///
    /// Permit takes the name over: a handler that the app or another SDK registered under `name` in the page's
    /// content world of this configuration is removed first, since WebKit raises (and the app ends) when a name
    /// is added twice and has no API to ask whether a name is taken (`MessageHandlerRegistration`). That handler
    /// receives no message from then on, also after ``removeMessageHandler(named:)``.
    public func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws {
        handlers[name] = handler
        for step in MessageHandlerRegistration.steps(registering: name) {
            switch step {
            case .remove(let name): contentController.removeScriptMessageHandler(forName: name, contentWorld: .page)
            case .add(let name): contentController.addScriptMessageHandler(messageProxy, contentWorld: .page, name: name)
            }
        }
    }

    /// Removes the handler registered under `name`.
    public func removeMessageHandler(named name: String) async throws {
        guard handlers.removeValue(forKey: name) != nil else { return }
        contentController.removeScriptMessageHandler(forName: name, contentWorld: .page)
    }

    /// Checks one message's frame and origin, as WebKit reports them (`WebMessageAdmission`), and returns its
    /// handler's answer, or the refusal as an error.
    fileprivate func receive(_ message: WKScriptMessage) async -> (Any?, String?) {
        let frame = Self.frame(of: message.frameInfo)
        let body = message.body as? String
        let handler = handlers[message.name]
        if let refusal = WebMessageAdmission.refusal(
            frame: frame, allowedOrigins: configuration.allowedOrigins, isText: body != nil, hasHandler: handler != nil)
        {
            return refuse(message, refusal.rawValue)
        }
        guard let body, let handler else { return (nil, nil) }
        return (await handler(WebMessage(body: body, frame: frame)), nil)
    }

    private func refuse(_ message: WKScriptMessage, _ reason: String) -> (Any?, String?) {
        let origin = Self.frame(of: message.frameInfo).origin?.description ?? "none"
        logger.warning(
            "web message refused", metadata: ["handler": "\(message.name)", "reason": "\(reason)", "origin": "\(origin)"])
        return (nil, "message refused: \(reason)")
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
    /// finished loading, or at once when only the fragment changes.
    ///
    /// - Throws: The navigation's error, `WebViewError.webContentTerminated`, or
    ///   `WebViewError.timedOut` after ``Configuration/loadTimeout``.
    public func load(_ url: URL) async throws {
        await cookieWrites.drain()
        let sameDocument = WebLoadDecision.isSameDocument(from: webView.url, to: url)
        recoveryPage.loadRequested(url)
        guard let navigation = webView.load(URLRequest(url: url)), !sameDocument else { return }
        let key = ObjectIdentifier(navigation)
        let timeout = configuration.loadTimeout
        try await withThrowingDiscardingTaskGroup { group in
            // The deadline: ends the wait, unless it ended first (then this child is cancelled, and ending the
            // wait again does nothing); a caller cancelled meanwhile stops waiting at once.
            group.addTask { [weak self] in
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    await self?.finishLoad(key, with: error)
                    return
                }
                await self?.finishLoad(key, with: WebViewError.timedOut)
            }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancelled already: the deadline may have found no wait to end.
                if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
                loadWaiters[key] = continuation
            }
            group.cancelAll()
        }
    }

    func finishLoad(_ key: ObjectIdentifier, with error: (any Error)?) {
        guard let waiter = loadWaiters.removeValue(forKey: key) else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume() }
    }

    // MARK: - Events

    /// A sequence of the web view's events from now on.
    public nonisolated func events() -> WebViewEvents { eventBroadcaster.subscribe() }

    /// The web view's cookie store, as Permit's seam: the host itself, over `WKHTTPCookieStore`.
    public nonisolated var cookieStore: any WebCookieStore { self }

    /// A sequence that receives a value each time `WKHTTPCookieStore` reports its cookies changed, by the
    /// host, the page or the server.
    public nonisolated func changes() -> CookieStoreChanges { cookieBroadcaster.subscribe() }
}

/// The object WebKit retains as the script message handler; it holds the host weakly, so that the host and
/// its web view are released when the app lets them go.
@MainActor
private final class MessageHandlerProxy: NSObject, WKScriptMessageHandlerWithReply {
    weak var host: WebKitWebView?

    /// `userContentController(_:didReceive:replyHandler:)` in its async form: the compiler calls WebKit's reply
    /// handler once, with what this returns.
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) async -> (Any?, String?) {
        guard let host else { return (nil, "the web view is gone") }
        return await host.receive(message)
    }
}
#endif
