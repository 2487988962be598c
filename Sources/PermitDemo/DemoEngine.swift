package import Foundation
package import Logging
package import PermitChromium
package import PermitWeb
#if canImport(PermitWebKitGTK)
import PermitWebKitGTK
#endif

/// The browser engine behind the demo, the shell and the benchmarks: headless Chromium, or WebKitGTK, the
/// engine iOS runs (Linux only).
package enum DemoEngine: String, CaseIterable, Sendable {
    /// Headless Chromium over the DevTools protocol.
    case chromium
    /// WebKitGTK 6.0 under Xvfb.
    case webkit

    /// Whether the engine sends a `Secure` cookie to a page served over plain HTTP from `localhost`: Chromium
    /// counts `http://localhost` as secure; WebKitGTK's libsoup sends `Secure` cookies over https only, so the
    /// demo's loopback site writes its cookies without `Secure` there (the Engines article in PermitWeb).
    package var sendsSecureCookiesToLoopbackHTTP: Bool { self == .chromium }

    /// Starts a web view of this engine with a window of `windowSize`; `networkHosts` are the hosts beyond
    /// loopback it may reach, on purpose (both engines refuse every other host).
    package func launch(
        windowSize: (width: Int, height: Int) = (1280, 800), networkHosts: [String] = [], logger: Logger
    ) async throws -> any DemoWebView {
        switch self {
        case .chromium:
            return try await ChromiumWebView.launch(
                configuration: ChromiumConfiguration(windowSize: windowSize, networkHosts: networkHosts), logger: logger)
        case .webkit:
            #if canImport(PermitWebKitGTK)
            return try await WebKitGTKWebView.launch(
                configuration: WebKitGTKConfiguration(loopbackHosts: ["localhost"] + networkHosts, windowSize: windowSize),
                logger: logger)
            #else
            throw DemoError("the WebKit engine runs on Linux only (WebKitGTK); use --engine chromium")
            #endif
        }
    }
}

/// A web view the demo drives: the seams, plus closing and screenshots.
package protocol DemoWebView: WebViewHost, WebCookieStore {
    /// Shuts the web view down.
    func close() async
    /// A PNG of the page as shown now.
    func screenshot() async throws -> Data
    /// Evaluates `source` as `evaluateJavaScript(_:)` does; when it throws, the error's detail carries what was
    /// thrown with its message, and its stack where the engine reports one.
    func evaluateJavaScriptRevealingExceptions(_ source: String) async throws -> String?
    /// The HTTP status of the main document's response (404 for a page not found), or `nil` when the page
    /// was not loaded over HTTP.
    func mainDocumentStatus() async throws -> Int?
    /// Clicks at a point of the viewport, in CSS pixels, as a person would: the page receives trusted input
    /// events with user activation.
    func click(x: Double, y: Double) async throws
}

extension ChromiumWebView: DemoWebView {
    /// Read from the page's navigation timing entry, which Chromium fills with the response's status.
    package func mainDocumentStatus() async throws -> Int? {
        let text = try await evaluateJavaScript(
            "(performance.getEntriesByType('navigation')[0] || {}).responseStatus || null")
        return text.flatMap { Int($0) }
    }
}

#if canImport(PermitWebKitGTK)
extension WebKitGTKWebView: DemoWebView {
    /// WebKitGTK's evaluation error already carries the exception's message; its stack is not reported.
    package func evaluateJavaScriptRevealingExceptions(_ source: String) async throws -> String? {
        try await evaluateJavaScript(source)
    }
}
#endif
