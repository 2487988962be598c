public import Foundation
public import Logging
public import Permit
public import PermitWeb
import PermitHostSupport
import PermitSupport

/// A `WebViewHost` over headless Chromium, driven by the DevTools protocol on a pipe: the web view that
/// stands in for `WKWebView` on Linux, in tests, the demo and the shell.
///
/// Chromium runs in a process group of its own, resolves only loopback host names, and cannot reach anything
/// outside the machine. When it dies, the web view starts it again, re-applies every script, handler and
/// cookie it was given, reloads the last page, and reports `WebViewEvent.terminated(reason:)` then
/// `WebViewEvent.restarted`. ``close()`` shuts it down cleanly, which is when Chromium writes its cookies
/// to disk; a web view released without closing kills its process group.
///
/// Message handlers get the frame and origin of the execution context that posted, as Chromium reports it.
/// A cross-site iframe runs in a process of its own and has no handlers at all (`WKWebView` gives every frame
/// the handlers, and the bridge refuses them by frame). JavaScript dialogs are dismissed at once, as
/// `WKWebView` does without a UI delegate: `alert` returns, `confirm` answers `false`, `prompt` `null`, and a
/// `beforeunload` dialog lets the navigation go on.
///
/// Creating a web view sets SIGPIPE to be ignored in this process, so that writing to a browser that just
/// died fails with an error instead of ending the process.
///
/// For example:
///
/// ```swift
/// let webView = try await ChromiumWebView.launch(logger: logger)
/// try await router.attach(to: webView)
/// try await webView.load(URL(string: "http://localhost:8080/")!)
/// let title = try await webView.evaluateJavaScript("document.title")   // "\"Permit demo\""
/// await webView.close()
/// ```
public actor ChromiumWebView: WebViewHost, WebCookieStore {
    /// A cookie's identity in the store: equal keys replace each other.
    struct CookieKey: Hashable {
        /// The cookie's name.
        var name: String
        /// Its host, without a leading dot.
        var domain: String
        /// Its path.
        var path: String
    }

    // MARK: - Fixed at launch

    /// How the browser is started.
    let configuration: ChromiumConfiguration
    /// The Chromium binary.
    let executable: URL
    /// The profile directory.
    let profile: URL
    /// Whether the profile is a temporary one, removed on close.
    let ownsProfile: Bool
    /// Where the web view logs.
    let logger: Logger
    /// A secret the transport's reply hook requires, so that page script cannot settle its promises.
    let replyNonce = UUID().uuidString
    /// The page loads being waited for.
    let loads = PageLoads()

    // MARK: - The running browser

    /// Where the web view is in its life, and whether a browser that died is started again.
    var life: EngineLife
    /// The running browser, or `nil` once closed.
    var process: ChromiumProcess?
    /// Counts browser starts, so that events and replies of a dead browser are told apart.
    var generation = 0
    /// The session on the browser's page, once attached.
    var page: DevToolsSession?
    /// The page's execution contexts and main frame.
    var contexts = ExecutionContexts()
    /// The last http(s) page loaded, which a restarted browser loads again.
    var lastURL: URL?
    /// The main frame's URL.
    var currentURL: URL?

    // MARK: - What the web view was given, re-applied after a restart

    /// The document-start scripts, and those installed in the browser.
    var scripts = UserScripts()
    /// The changes to the browser's document-start scripts; each runs after the one before.
    let scriptChanges = SerialGate()
    /// The message handlers, by name.
    var handlers: [String: @Sendable (WebMessage) async -> String] = [:]
    /// Every cookie set and not deleted since, written again into a restarted browser.
    var cookiesSet: [CookieKey: Cookie] = [:]
    /// Every engine permission set, written again into a restarted browser.
    var enginePermissions: [EnginePermissionKey: Bool] = [:]

    // MARK: - Events

    /// Hands the web view's events to every sequence made by ``events()``.
    let eventBroadcaster = UpdateBroadcaster<WebViewEvent>()
    /// Tells every sequence made by ``changes()`` that the cookies may have changed.
    let cookieBroadcaster = UpdateBroadcaster<Void>()

    // MARK: - Life

    /// A web view not yet started; the restart policy reads `clock`.
    private init(
        configuration: ChromiumConfiguration, executable: URL, profile: URL, ownsProfile: Bool,
        clock: some Clock<Duration>, logger: Logger
    ) {
        self.configuration = configuration
        self.executable = executable
        self.profile = profile
        self.ownsProfile = ownsProfile
        self.logger = logger
        self.life = EngineLife(restartsAfterTermination: configuration.restartsAfterTermination, clock: clock)
    }

    deinit {
        // Released without close(): nothing may outlive the web view.
        process?.pipe.close()
        process?.killGroup()
        eventBroadcaster.finish()
        ChromiumSingleton.removeLeftovers(in: profile, owner: process?.pid)
        if ownsProfile { try? FileManager.default.removeItem(at: profile) }
    }

    // MARK: - Launching

    /// What Chromium does differently from WebKit, where a page, a cookie or a test can tell.
    public static let traits = WebEngineTraits(
        sendsSecureCookiesToLoopbackHTTP: true, mapsHostNamesToLoopback: true,
        // A made-up name mapped to loopback (see `loopbackHosts`) is not a secure context.
        nonSecureLoopbackHost: "app.test",
        reportsCaptureDenialOnlyAfterARefusal: false, keepsACaptureGrantForTheDocument: false,
        answersNotificationStateFromTheDecision: true, refusesNotificationRequestsWithoutAGesture: false,
        readsUnspecifiedSameSiteAsNone: false)

    /// The Chromium executable to run, or `nil` when none is installed.
    ///
    /// `PERMIT_CHROMIUM`, when it is set, names the executable (and only it is tried). Otherwise the first
    /// executable of these: Debian's `/usr/lib/chromium/chromium` (the real binary, not its wrapper script),
    /// `/usr/bin/chromium`, `/usr/bin/chromium-browser`, `/usr/local/bin/chromium` (Ubuntu and GitHub's
    /// runners; the snap stubs of Ubuntu's own packages are skipped), `/usr/bin/google-chrome`,
    /// `/usr/bin/google-chrome-stable`, then on macOS Google Chrome's and Chromium's apps in `/Applications`.
    public static func locateExecutable() -> URL? {
        ChromiumLocator.live.locate().map { URL(fileURLWithPath: $0) }
    }

    /// Starts Chromium with a blank page and returns the web view once it answers.
    ///
    /// - Throws: `WebViewError.engineUnavailable` when no executable is found, `WebViewError.launchFailed`
    ///   when it does not start or answer within 20 seconds, or when a loopback host name is not a plain
    ///   host name.
    public static func launch(
        configuration: ChromiumConfiguration = ChromiumConfiguration(), logger: Logger
    ) async throws -> ChromiumWebView {
        try await launch(configuration: configuration, clock: ContinuousClock(), logger: logger)
    }

    /// Starts Chromium as ``launch(configuration:logger:)`` does, with the restart policy reading `clock`.
    package static func launch(
        configuration: ChromiumConfiguration, clock: some Clock<Duration>, logger: Logger
    ) async throws -> ChromiumWebView {
        try configuration.validate()
        guard let executable = configuration.executable ?? locateExecutable() else {
            throw WebViewError.engineUnavailable.withDetail(
                "no Chromium executable found (install Chromium or Google Chrome, or set PERMIT_CHROMIUM to one)")
        }
        let profile =
            configuration.userDataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "permit-chromium-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let webView = ChromiumWebView(
            configuration: configuration, executable: executable, profile: profile,
            ownsProfile: configuration.userDataDirectory == nil, clock: clock, logger: logger)
        do {
            try await webView.startBrowser()
        } catch {
            await webView.close()
            throw error
        }
        return webView
    }

    /// The process ID of the running browser (its process group has the same ID), or `nil` once closed.
    public func processID() -> Int32? {
        if life.isClosed { return nil }
        return process?.pid
    }

    // MARK: - Events

    /// A sequence of the web view's events from now on; it ends when the web view closes.
    public nonisolated func events() -> WebViewEvents { eventBroadcaster.subscribe() }

    /// Hands an event to every sequence of ``events()``.
    func emit(_ event: WebViewEvent) {
        eventBroadcaster.publish(event)
    }

    /// The web view's cookie store: the web view itself.
    public nonisolated var cookieStore: any WebCookieStore { self }

    // MARK: - Closing

    /// Shuts Chromium down cleanly (it writes its cookies to disk then), kills anything left in its process
    /// group, and removes a temporary profile. A restart under way is stopped first. Calling it again does
    /// nothing.
    public func close() async {
        if life.isClosed, process == nil { return }
        _ = try? await life.close()?.value
        loads.failAll(WebViewError.closed)
        if let process {
            _ = try? await DevToolsSession(pipe: process.pipe).send(DevTools.Browser.Close(), timeout: .seconds(5))
            let exited = (try? await withTimeout(.seconds(5)) { await process.waitForExit() }) != nil && process.hasExited
            if !exited { logger.warning("chromium did not exit after Browser.close; killing it") }
            process.pipe.close()
            if await !process.killGroupAndWait(timeout: .seconds(5)) {
                logger.warning("chromium helpers still running after close", metadata: ["pgid": "\(process.pid)"])
            }
        }
        // A browser that exits cleanly removes its singleton files; one that had to be killed leaves them.
        ChromiumSingleton.removeLeftovers(in: profile, owner: process?.pid)
        process = nil
        page = nil
        eventBroadcaster.finish()
        if ownsProfile { try? FileManager.default.removeItem(at: profile) }
    }
}
