#if canImport(WebKit)
public import Permit

/// Why ``WebKitWebView`` could not do what it was asked.
public struct WebKitWebViewError: CodedError {
    private enum Code: String, Sendable {
        case cookieRefused
        case webContentTerminated
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

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> WebKitWebViewError { WebKitWebViewError(member, detail: detail) }

    /// The member's name, such as `cookieRefused`.
    public var code: String { member.rawValue }

    /// A sentence naming what went wrong, without the detail; it never holds the cookie's value.
    public var summary: String {
        switch member {
        case .cookieRefused: "HTTPCookie refused the cookie's properties; it was not written"
        case .webContentTerminated: "the web content process ended while the page was loading"
        }
    }
}
#endif
