#if canImport(WebKit)
public import Permit

/// Why ``WebKitWebView`` could not do what it was asked.
public struct WebKitWebViewError: CodedError {
    private enum Code: String, Sendable {
        case cookieRefused
        case webContentTerminated
        case loadTimedOut
        case cookieStoreTimedOut
    }

    private let member: Code
    /// More about this failure; never the cookie's value. Not part of equality.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// Foundation's `HTTPCookie` refused the cookie's properties, so it was not written.
    public static let cookieRefused = WebKitWebViewError(.cookieRefused)
    /// The web content process ended while a page was loading; the host reloads it if configured to.
    public static let webContentTerminated = WebKitWebViewError(.webContentTerminated)
    /// The page did not finish loading within the configured load timeout.
    public static let loadTimedOut = WebKitWebViewError(.loadTimedOut)
    /// `WKHTTPCookieStore` did not complete a write or read within the configured cookie timeout; later writes
    /// went ahead.
    public static let cookieStoreTimedOut = WebKitWebViewError(.cookieStoreTimedOut)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> WebKitWebViewError { WebKitWebViewError(member, detail: detail) }

    /// The member's name, such as `cookieRefused`.
    public var code: String { member.rawValue }

    /// A sentence naming what went wrong, without the detail; it never holds the cookie's value.
    public var summary: String {
        switch member {
        case .cookieRefused: "HTTPCookie refused the cookie's properties; it was not written"
        case .webContentTerminated: "the web content process ended while the page was loading"
        case .loadTimedOut: "the page did not finish loading in time"
        case .cookieStoreTimedOut: "the web view's cookie store did not answer in time"
        }
    }
}
#endif
