import CPermitWebKitGTK
public import Foundation
public import Logging
public import Permit
public import PermitWeb
import PermitHostSupport

/// A `WebViewHost` over WebKitGTK 6.0: the engine that every iOS web view runs, embedded in this process on
/// Linux, in tests, the demo and the shell.
///
/// It uses WebKit's own machinery throughout: the page's `window.webkit.messageHandlers[name].postMessage`
/// is a reply-capable script message handler (its promise settles with the handler's answer, as
/// `WKScriptMessageHandlerWithReply` does), scripts are WebKit user scripts at document start in every frame,
/// cookies are the network session's `WebKitCookieManager` and its `changed` signal is the store's change
/// feed, and JavaScript runs through `webkit_web_view_call_async_javascript_function`.
///
/// GTK runs on a thread of its own with its main loop, shared by every web view of the process; every call is
/// queued to it. Without `DISPLAY`, the first web view starts an Xvfb on a free display for the life of the
/// process (it ends by itself when the process does). When the web content process dies, the web view
/// reports `WebViewEvent.terminated(reason:)`, writes every cookie it was given again, reloads
/// the last page and reports `WebViewEvent.restarted`; WebKit gives the new process the user
/// scripts and handlers by itself. Every `permission-request` (camera, microphone, geolocation,
/// notifications) is granted or denied, and logged, from what ``setEnginePermission(_:granted:for:)`` set for
/// the page's origin (denied when nothing was), and `query-permission-state` answers from the same
/// decisions; capture uses WebKit's mock camera and microphone.
///
/// WebKitGTK does not tell a message handler which frame posted: a script that runs first in every frame
/// tags each message with the frame's facts as they were at document start and a secret of this web view,
/// so that `WebMessage.frame` holds the main-frame flag and the origin. A message that arrives
/// without the tag (a page that reached WebKit's `postMessage` past the script) is from an unknown frame:
/// not the main frame, no origin.
///
/// For example:
///
/// ```swift
/// let webView = try await WebKitGTKWebView.launch(logger: logger)
/// try await router.attach(to: webView)
/// try await webView.load(URL(string: "http://localhost:8080/")!)
/// await webView.close()
/// ```
public actor WebKitGTKWebView: WebViewHost, WebCookieStore {
    /// A cookie's identity in the store: equal keys replace each other.
    struct CookieKey: Hashable {
        var name: String
        var domain: String
        var path: String
    }

    // MARK: - Fixed at launch

    /// How the web view was set up.
    let configuration: WebKitGTKConfiguration
    /// Where the web view logs.
    let logger: Logger
    /// The shim's view; destroyed on close.
    let view: GTKView
    /// Ends once GTK has destroyed the view.
    let destroyed: AsyncStream<Void>

    // MARK: - State

    /// Where the web view is in its life, and whether web content that died is started again.
    var life: EngineLife
    /// The message handlers, by name.
    var handlers: [String: @Sendable (WebMessage) async -> String] = [:]
    /// The last user script number given out.
    var lastScriptID = 0
    /// The scripts added and not removed.
    var scriptIDs: Set<Int> = []
    /// Every cookie set and not deleted since, written again after a restart.
    var cookiesSet: [CookieKey: Cookie] = [:]
    /// The last http(s) page asked for, which a restart loads again.
    var lastURL: URL?
    /// The URL last passed to WebKit to load, reported as given when WebKit commits it.
    var requestedURL: URL?
    /// The main frame's URL.
    var currentURL: URL?
    /// The loads being waited for.
    var loadWaits: [Int: LoadWait] = [:]
    /// The last load wait number given out.
    var lastLoadWait = 0
    /// Whether the shim's view was destroyed (by ``close()``).
    var isDestroyed = false

    /// One caller of ``load(_:)`` waiting for its page.
    struct LoadWait {
        /// The URL asked for.
        var url: URL
        /// Whether WebKit committed it.
        var committed = false
        /// Resumed with the outcome.
        var continuation: CheckedContinuation<Void, any Error>
    }

    // MARK: - Events

    /// Hands the web view's events to every sequence made by ``events()``.
    let eventBroadcaster = UpdateBroadcaster<WebViewEvent>()
    /// Tells every sequence made by ``changes()`` that the cookies may have changed.
    let cookieBroadcaster = UpdateBroadcaster<Void>()

    // MARK: - Life

    private init(
        configuration: WebKitGTKConfiguration, view: GTKView, destroyed: AsyncStream<Void>, clock: some Clock<Duration>,
        logger: Logger
    ) {
        self.configuration = configuration
        self.view = view
        self.destroyed = destroyed
        self.logger = logger
        self.life = EngineLife(restartsAfterTermination: configuration.restartsAfterTermination, clock: clock)
    }

    deinit {
        // Released without close(): the view goes with it.
        if !isDestroyed { permit_wk_view_destroy(view.pointer) }
        eventBroadcaster.finish()
    }

    /// Creates a web view with a blank page, starting the GTK thread (and Xvfb, without `DISPLAY`) the first
    /// time.
    ///
    /// - Throws: `WebViewError.engineUnavailable` when there is no display and Xvfb cannot be started.
    public static func launch(
        configuration: WebKitGTKConfiguration = WebKitGTKConfiguration(), logger: Logger
    ) async throws -> WebKitGTKWebView {
        try await launch(configuration: configuration, clock: ContinuousClock(), logger: logger)
    }

    /// Creates a web view as ``launch(configuration:logger:)`` does, with the restart policy reading `clock`.
    package static func launch(
        configuration: WebKitGTKConfiguration, clock: some Clock<Duration>, logger: Logger
    ) async throws -> WebKitGTKWebView {
        try await GTKRuntime.start(xvfb: configuration.xvfb)
        if let directory = configuration.dataDirectory {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let sink = GTKEventSink()
        let secret = UUID().uuidString + UUID().uuidString
        let view = withCStrings(configuration.loopbackHosts + ["127.0.0.1"]) { hosts in
            permit_wk_view_create(
                sink.callbacks(), configuration.dataDirectory?.path, hosts, Int32(configuration.windowSize.width),
                Int32(configuration.windowSize.height), secret)
        }
        let webView = WebKitGTKWebView(
            configuration: configuration, view: GTKView(pointer: view!), destroyed: sink.destroyed, clock: clock, logger: logger)
        await webView.startEventLoop(sink.events)
        return webView
    }

    // MARK: - Events

    /// A sequence of the web view's events from now on; it ends when the web view closes.
    public nonisolated func events() -> WebViewEvents { eventBroadcaster.subscribe() }

    /// The web view's cookie store: the web view itself.
    public nonisolated var cookieStore: any WebCookieStore { self }

    /// Hands an event to every sequence of ``events()``.
    func emit(_ event: WebViewEvent) {
        eventBroadcaster.publish(event)
    }

    /// Waits for a restart under way; throws once the web view is closed.
    func ready() async throws {
        try await life.restartFinished()
        guard life.isRunning else { throw WebViewError.closed }
    }

    // MARK: - Closing

    /// Destroys the web view (its web content process ends with it) and returns once GTK has destroyed its
    /// window, so that a process may end right after. A restart under way is stopped first; calling it again
    /// does nothing. Xvfb and the GTK thread stay for the next web view of the process.
    public func close() async {
        guard !isDestroyed else { return }
        _ = try? await life.close()?.value
        failLoads(WebViewError.closed)
        isDestroyed = true
        permit_wk_view_destroy(view.pointer)
        eventBroadcaster.finish()
        for await _ in destroyed {}
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`, valid during the call.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

extension WebKitGTKWebView {
    /// What WebKitGTK does differently from Chromium, where a page, a cookie or a test can tell.
    public static let traits = WebEngineTraits(
        sendsSecureCookiesToLoopbackHTTP: false, mapsHostNamesToLoopback: false,
        // WebKitGTK cannot map names: the IPv4-mapped IPv6 literal of 127.0.0.1 reaches the loopback server,
        // and WebKit, unlike for `127.0.0.1` and `localhost`, does not count it as trustworthy.
        nonSecureLoopbackHost: "[::ffff:7f00:1]",
        reportsCaptureDenialOnlyAfterARefusal: true, keepsACaptureGrantForTheDocument: true,
        answersNotificationStateFromTheDecision: false, refusesNotificationRequestsWithoutAGesture: true,
        readsUnspecifiedSameSiteAsNone: true)

    /// The Xvfb a web view would start when `DISPLAY` is not set: `Xvfb` on `PATH`, or `nil` when it is not
    /// installed (Debian's `xvfb` package; scripts/setup installs it).
    public static func locateXvfb() -> URL? {
        GTKRuntime.locateXvfb().map { URL(fileURLWithPath: $0) }
    }

    /// Whether a web view can start here: a display is given (`DISPLAY`) or Xvfb is installed.
    public static var canLaunch: Bool {
        !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty || locateXvfb() != nil
    }
}
