public import Permit

/// Why the WebKitGTK web view could not do what was asked.
public struct WebKitGTKError: CodedError {
    private enum Code: String, Sendable {
        case displayUnavailable
        case javaScriptException
        case navigationFailed
        case cookieRefused
        case snapshotFailed
        case timedOut
        case webContentTerminated
        case closed
    }

    private let member: Code
    /// What happened, for people; never a cookie value or other page data.
    public let detail: String

    private init(_ member: Code, _ detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// No display: `DISPLAY` is not set and Xvfb could not be started (install Debian's `xvfb`), or GTK could
    /// not open it.
    public static let displayUnavailable = WebKitGTKError(.displayUnavailable)
    /// Evaluated JavaScript threw.
    public static let javaScriptException = WebKitGTKError(.javaScriptException)
    /// A navigation failed (the page could not be loaded).
    public static let navigationFailed = WebKitGTKError(.navigationFailed)
    /// WebKit's cookie manager refused a cookie.
    public static let cookieRefused = WebKitGTKError(.cookieRefused)
    /// The page could not be captured.
    public static let snapshotFailed = WebKitGTKError(.snapshotFailed)
    /// A page did not load in time.
    public static let timedOut = WebKitGTKError(.timedOut)
    /// The web content process ended while the call was under way (the web view restarts it as its
    /// configuration says).
    public static let webContentTerminated = WebKitGTKError(.webContentTerminated)
    /// The web view was closed, or its web content died and was not restarted.
    public static let closed = WebKitGTKError(.closed)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> WebKitGTKError { WebKitGTKError(member, detail) }

    /// The member's name, such as `navigationFailed`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .displayUnavailable: "no display for GTK (set DISPLAY, or install Debian's xvfb package)"
        case .javaScriptException: "the evaluated JavaScript threw"
        case .navigationFailed: "the page could not be loaded"
        case .cookieRefused: "WebKit refused the cookie"
        case .snapshotFailed: "the page could not be captured"
        case .timedOut: "the page did not load in time"
        case .webContentTerminated: "the web content process ended"
        case .closed: "the web view is closed"
        }
    }
}
