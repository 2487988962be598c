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

    /// What the engine does differently, as its host type records it.
    var traits: WebEngineTraits {
        switch self {
        case .chromium: ChromiumWebView.traits
        case .webkit: WebKitGTKWebView.traits
        }
    }


    /// Permit's default cookie attributes for the loopback test site, without `Secure` where the engine would
    /// never send such a cookie to `http://localhost`.
    func loopbackAttributes(domain: String = "localhost") -> CookieAttributes {
        CookieAttributes(domain: domain, isSecure: traits.sendsSecureCookiesToLoopbackHTTP)
    }

    /// The cookie as this engine's store gives it back.
    func stored(_ cookie: Cookie) -> Cookie { traits.stored(cookie) }

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
