import Foundation
import Logging
import Permit
import PermitChromium
import PermitWeb
import PermitWebKitGTK
import Testing

/// The browser engines the web tests run on: headless Chromium and WebKitGTK (the engine iOS runs).
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case chromium, webkit

    var testDescription: String { rawValue }

    /// Whether the engine can start on this machine.
    var isInstalled: Bool {
        switch self {
        case .chromium: ChromiumWebView.locateExecutable() != nil
        case .webkit: WebKitGTKWebView.canLaunch
        }
    }

    /// The engines the browser tests run on: both under `CI=true` (where a missing one must fail), else those
    /// installed.
    /// `PERMIT_TEST_ENGINES` (`chromium`, `webkit`, or both comma-separated) narrows the list.
    static let available: [Engine] = {
        let environment = ProcessInfo.processInfo.environment
        let wanted = environment["PERMIT_TEST_ENGINES"].map { $0.split(separator: ",").compactMap { Engine(rawValue: String($0)) } }
        let engines = wanted ?? allCases
        return environment["CI"] == "true" ? engines : engines.filter(\.isInstalled)
    }()

    /// Whether the engine sends a `Secure` cookie to a page served over plain HTTP from `localhost` (and takes
    /// one from it). Chromium counts `http://localhost` as a secure origin; WebKitGTK's libsoup (3.2, Debian
    /// 12) sends and accepts `Secure` cookies over https only. The Engines article records it.
    var sendsSecureCookiesToLoopbackHTTP: Bool { self == .chromium }

    /// Whether the engine can map a made-up host name (`sub.app.test`) to loopback. Chromium takes
    /// `--host-resolver-rules`; WebKitGTK resolves through the system only, so only `localhost` works.
    var mapsHostNamesToLoopback: Bool { self == .chromium }

    /// Whether `navigator.permissions.query()` reports a denied camera, microphone or geolocation as `prompt`
    /// until the page's own request has been refused, as WebKit does; Chromium reports `denied` at once. The
    /// Engines article records it.
    var reportsCaptureDenialOnlyAfterARefusal: Bool { self == .webkit }

    /// Whether a document the engine granted capture to keeps it after a later denial, until it is reloaded, as
    /// WebKit does (it does not ask again in that document); Chromium applies the denial at once.
    var keepsACaptureGrantForTheDocument: Bool { self == .webkit }

    /// Whether `navigator.permissions` and `Notification.permission` follow the host's notification decision:
    /// Chromium's do; WebKitGTK answers both from its web context's own list, so only the page's request does.
    var answersNotificationStateFromTheDecision: Bool { self == .chromium }

    /// Whether the engine refuses a `Notification.requestPermission()` run by a test script by itself, with no
    /// `permission-request` reaching the host, as WebKitGTK 2.50 does (seemingly for want of a user gesture);
    /// Chromium asks the host's decision.
    var refusesNotificationRequestsWithoutAGesture: Bool { self == .webkit }

    /// A loopback host the engine does not count as a secure context: Chromium maps the made-up `app.test` to
    /// loopback; WebKitGTK cannot map names, so it gets the IPv4-mapped IPv6 literal of 127.0.0.1, which reaches
    /// the loopback server but which WebKit, unlike `127.0.0.1` and `localhost`, does not count as trustworthy.
    var nonSecureLoopbackHost: String { self == .chromium ? "app.test" : "[::ffff:7f00:1]" }

    /// Permit's default cookie attributes for the loopback test site, without `Secure` where the engine would
    /// never send such a cookie to `http://localhost`.
    func loopbackAttributes(domain: String = "localhost") -> CookieAttributes {
        CookieAttributes(domain: domain, isSecure: sendsSecureCookiesToLoopbackHTTP)
    }

    /// Whether `error` is this engine's failure to load a page.
    func isNavigationFailure(_ error: any Error) -> Bool {
        switch self {
        case .chromium: ChromiumError.navigationFailed ~= error
        case .webkit: WebKitGTKError.navigationFailed ~= error
        }
    }

    /// Whether `error` is this engine's failure of a call under way when the web content died.
    func isDisconnection(_ error: any Error) -> Bool {
        switch self {
        case .chromium: ChromiumError.disconnected ~= error
        case .webkit: WebKitGTKError.webContentTerminated ~= error
        }
    }

    /// The cookie as this engine's store gives it back, for the differences the Engines article records:
    /// libsoup (WebKitGTK) has no unspecified `SameSite`, so a cookie without the attribute reads as `None`.
    func stored(_ cookie: Cookie) -> Cookie {
        var stored = cookie
        if self == .webkit, cookie.sameSite == .unspecified { stored.sameSite = .none }
        return stored
    }

    /// A web view of this engine, the one factory of the tests.
    func launch(
        profile: URL? = nil, loopbackHosts: [String] = ["localhost"], logger: Logger = quietLogger
    ) async throws -> any EngineWebView {
        switch self {
        case .chromium:
            try await ChromiumWebView.launch(
                configuration: ChromiumConfiguration(userDataDirectory: profile, loopbackHosts: loopbackHosts),
                logger: logger)
        case .webkit:
            try await WebKitGTKWebView.launch(
                configuration: WebKitGTKConfiguration(dataDirectory: profile, loopbackHosts: loopbackHosts),
                logger: logger)
        }
    }
}

/// What the tests need of a web view beyond the seams: closing, screenshots, and killing its web content.
protocol EngineWebView: WebViewHost, WebCookieStore {
    /// Shuts the web view down; nothing of it is left running.
    func close() async
    /// A PNG of the page.
    func screenshot() async throws -> Data
    /// The web content's process ID, where the engine tells it (Chromium); `nil` for WebKit, whose API does
    /// not, and once closed.
    func webContentProcessID() async -> Int32?
    /// Kills the web content as the OS does: Chromium's process group with SIGKILL, WebKit's web process
    /// through `webkit_web_view_terminate_web_process`.
    func killWebContent() async throws
}

extension ChromiumWebView: EngineWebView {
    func webContentProcessID() async -> Int32? { processID() }

    func killWebContent() async throws {
        let pid = try #require(processID())
        kill(-pid, SIGKILL)
    }
}

extension WebKitGTKWebView: EngineWebView {
    func webContentProcessID() async -> Int32? { nil }

    func killWebContent() async throws {
        try await terminateWebContent()
    }
}

/// Whether the browser tests run: when any engine is available (under `CI=true`, always).
let browserAvailable = !Engine.available.isEmpty

/// The trait every browser suite carries: skipped with a visible reason outside CI when no engine is installed.
let requiresBrowser = Testing.ConditionTrait.enabled(
    if: browserAvailable,
    "neither Chromium nor WebKitGTK with Xvfb is installed (scripts/setup installs them); under CI=true this fails instead")
