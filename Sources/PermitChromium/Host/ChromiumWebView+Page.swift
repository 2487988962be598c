public import Foundation
public import Permit
public import PermitWeb
import PermitSupport

// MARK: - Page

extension ChromiumWebView {
    /// Runs JavaScript in the main frame, awaiting a promise, and returns its value as JSON text, or `nil` for
    /// `undefined` or a value JSON cannot hold.
    ///
    /// - Throws: `WebViewError.javaScriptException` naming the class of what was thrown, never its text.
    @discardableResult
    public func evaluateJavaScript(_ source: String) async throws -> String? {
        try await evaluate(source, revealingExceptions: false)
    }

    /// Evaluates `source` as ``evaluateJavaScript(_:)`` does; when it throws, the error's detail is what was
    /// thrown with its message and stack, for tools that show a page's errors to its developers.
    package func evaluateJavaScriptRevealingExceptions(_ source: String) async throws -> String? {
        try await evaluate(source, revealingExceptions: true)
    }

    private func evaluate(_ source: String, revealingExceptions: Bool) async throws -> String? {
        let page = try await connection()
        let evaluated = try await page.send(
            DevTools.Runtime.Evaluate(expression: source, returnByValue: true, awaitPromise: true))
        if let exception = evaluated.exceptionDetails {
            if revealingExceptions {
                let thrown = exception.exception
                let detail = thrown?.description ?? thrown?.value?.jsonText ?? exception.text ?? "exception"
                throw WebViewError.javaScriptException.withDetail(detail)
            }
            // The page's own text stays out of the error: it may hold user data.
            throw WebViewError.javaScriptException.withDetail(exception.exception?.className ?? "exception")
        }
        guard let result = evaluated.result, result.type != "undefined" else { return nil }
        return result.value?.jsonText
    }

    /// Loads `url` in the main frame and returns once its `load` event fired; after a restart the browser
    /// loads it again.
    ///
    /// - Throws: `WebViewError.navigationFailed` when the page cannot be loaded, `WebViewError.timedOut`
    ///   after the configuration's load timeout.
    public func load(_ url: URL) async throws {
        _ = try await connection()
        lastURL = url
        try await navigate(to: url)
    }

    /// Navigates the main frame to `url` and waits for its `load` event, within the load timeout.
    func navigate(to url: URL) async throws {
        let page = try await connection()
        let navigated = try await page.send(DevTools.Page.Navigate(url: url.absoluteString))
        if let error = navigated.errorText {
            throw WebViewError.navigationFailed.withDetail("\(url.absoluteString): \(error)")
        }
        guard let loader = navigated.loaderId else { return }  // same-document navigation
        let loads = loads
        try await withTimeout(configuration.loadTimeout) {
            try await loads.wait(for: loader)
        }
    }

    /// A PNG screenshot of the page as it is shown now.
    public func screenshot() async throws -> Data {
        let page = try await connection()
        let captured = try await page.send(DevTools.Page.CaptureScreenshot(format: "png"))
        guard let base64 = captured.data, let data = Data(base64Encoded: base64) else {
            throw WebViewError.engineRefused.withDetail("no screenshot data")
        }
        return data
    }

    /// Clicks the main mouse button at a point of the viewport, in CSS pixels from its top-left corner, as a
    /// person would: the page receives trusted pointer and mouse events (`event.isTrusted`) with user
    /// activation. For tests and `permit shell`'s `tap`.
    ///
    /// Returns once Chromium has dispatched the press and the release to the page.
    package func click(x: Double, y: Double) async throws {
        let page = try await connection()
        for (type, button, clicks) in [("mouseMoved", "none", 0), ("mousePressed", "left", 1), ("mouseReleased", "left", 1)] {
            try await page.send(DevTools.Input.DispatchMouseEvent(type: type, x: x, y: y, button: button, clickCount: clicks))
        }
    }

    // MARK: - Cookies

    /// Stores a cookie, replacing one with the same name, domain and path; returns once Chromium stored it.
    /// The cookie is written again into a restarted browser.
    public func setCookie(_ cookie: Cookie) async throws {
        // Recorded first, so that a delete that follows wins whatever order the writes finish in.
        cookiesSet[CookieKey(name: cookie.name, domain: cookie.domain, path: cookie.path)] = cookie
        try await writeCookie(cookie, try await connection())
        cookieBroadcaster.publish(())
    }

    /// Writes one cookie into the browser; Chromium refusing it is a protocol error.
    func writeCookie(_ cookie: Cookie, _ page: DevToolsSession) async throws {
        let result = try await page.send(DevToolsCookieMapping.setCookie(cookie))
        if result.success == false {
            throw WebViewError.engineRefused.withDetail("Chromium refused cookie \(cookie.name)")
        }
    }

    /// Every cookie in Chromium's store, of every site.
    public func allCookies() async throws -> [Cookie] {
        let page = try await connection()
        let reported = try await page.browser.send(DevTools.Storage.GetCookies()).cookies ?? []
        return reported.compactMap(DevToolsCookieMapping.cookie(from:))
    }

    /// Deletes the cookie with this name, domain and path, host-only or not, if there is one; returns once it
    /// is gone.
    public func deleteCookie(named name: String, domain: String, path: String) async throws {
        cookiesSet[CookieKey(name: name, domain: domain, path: path)] = nil
        let page = try await connection()
        for command in DevToolsCookieMapping.deleteCookies(named: name, domain: domain, path: path) {
            try await page.send(command)
        }
        cookieBroadcaster.publish(())
    }

    /// A sequence that receives a value after every cookie write and deletion made through the web view.
    ///
    /// Chromium's DevTools protocol reports no cookie changes, so writes by pages and servers are not seen.
    public nonisolated func changes() -> CookieStoreChanges { cookieBroadcaster.subscribe() }
}
