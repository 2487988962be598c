#if canImport(WebKit)
/// Why ``WebKitWebView`` could not do what it was asked.
public struct WebKitWebViewError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case cookieRefused
        case webContentTerminated
    }

    private let code: Code

    /// Foundation's `HTTPCookie` refused the cookie's properties, so it was not written.
    public static let cookieRefused = WebKitWebViewError(code: .cookieRefused)
    /// The web content process ended while a page was loading; the host reloads it if configured to.
    public static let webContentTerminated = WebKitWebViewError(code: .webContentTerminated)

    /// A sentence naming what went wrong; it never holds the cookie's value.
    public var description: String {
        switch code {
        case .cookieRefused: "HTTPCookie refused the cookie's properties; it was not written"
        case .webContentTerminated: "the web content process ended while the page was loading"
        }
    }
}
#endif
