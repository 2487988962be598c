public import Permit

/// Why a web view host could not do what was asked: the one error of the ``WebViewHost`` and ``WebCookieStore``
/// seams, whichever engine is behind them (`WKWebView`, headless Chromium, WebKitGTK, or the fake of
/// PermitWebTesting), as SwiftNIO has one `ChannelError` for every transport.
///
/// Code that handles a host's failure matches one member, not one engine's error:
///
/// ```swift
/// do {
///     try await webView.load(url)
/// } catch WebViewError.webContentTerminated {
///     // The host restarts the web content as its configuration says; try again then.
/// }
/// ```
///
/// The ``detail`` says what the engine reported, naming the engine where it helps (how to install it, which
/// command it refused); it never holds a cookie's value or other page data.
public struct WebViewError: CodedError {
    private enum Code: String, Sendable {
        case engineUnavailable
        case launchFailed
        case webContentTerminated
        case engineRefused
        case javaScriptException
        case navigationFailed
        case timedOut
        case closed
        case cookieRefused
        case snapshotFailed
        case noMessageHandler
    }

    private let member: Code
    /// What happened, for people; never a cookie value or other page data. Not part of equality.
    public let detail: String

    private init(_ member: Code, _ detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The engine cannot run on this machine: no Chromium executable, or no display for WebKitGTK; the detail
    /// says what to install.
    public static let engineUnavailable = WebViewError(.engineUnavailable)
    /// The engine's process could not be started, or did not answer when it started.
    public static let launchFailed = WebViewError(.launchFailed)
    /// The web content (or the whole browser) went away while the call was under way; the host restarts it as
    /// its configuration says.
    public static let webContentTerminated = WebViewError(.webContentTerminated)
    /// The engine refused a command, or answered it in a shape the host does not understand.
    public static let engineRefused = WebViewError(.engineRefused)
    /// Evaluated JavaScript threw; the detail names the class of what was thrown, never its text.
    public static let javaScriptException = WebViewError(.javaScriptException)
    /// A navigation failed: the page could not be loaded.
    public static let navigationFailed = WebViewError(.navigationFailed)
    /// The engine did not answer in time: a page that did not load, a command or a cookie store that did not
    /// answer; the detail says which.
    public static let timedOut = WebViewError(.timedOut)
    /// The web view was closed, or its web content died and was not restarted.
    public static let closed = WebViewError(.closed)
    /// The cookie store refused a cookie, or failed to write or delete it.
    public static let cookieRefused = WebViewError(.cookieRefused)
    /// The page could not be captured.
    public static let snapshotFailed = WebViewError(.snapshotFailed)
    /// The page posted to a message handler that nobody added.
    public static let noMessageHandler = WebViewError(.noMessageHandler)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> WebViewError { WebViewError(member, detail) }

    /// The member's name, such as `navigationFailed`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .engineUnavailable: "the web engine cannot run on this machine"
        case .launchFailed: "the web engine could not be started"
        case .webContentTerminated: "the web content process ended"
        case .engineRefused: "the web engine refused a command"
        case .javaScriptException: "the evaluated JavaScript threw"
        case .navigationFailed: "the page could not be loaded"
        case .timedOut: "the web engine did not answer in time"
        case .closed: "the web view is closed"
        case .cookieRefused: "the cookie store refused the cookie"
        case .snapshotFailed: "the page could not be captured"
        case .noMessageHandler: "no message handler has that name"
        }
    }
}
