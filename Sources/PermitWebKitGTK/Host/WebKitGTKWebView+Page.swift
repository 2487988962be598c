import CPermitWebKitGTK
public import Foundation
import PermitWeb

// MARK: - Page

extension WebKitGTKWebView {
    /// Runs JavaScript in the main frame's main world, awaiting a promise, and returns its value as JSON text,
    /// or `nil` for `undefined` or a value JSON cannot hold.
    ///
    /// The source runs as a global script (an indirect `eval` inside WebKit's async function call), so its
    /// completion value is returned as `Runtime.evaluate` would return it.
    ///
    /// - Throws: `WebViewError.javaScriptException` naming the class of what was thrown, never its text.
    @discardableResult
    public func evaluateJavaScript(_ source: String) async throws -> String? {
        try await ready()
        let view = view.pointer
        do {
            return try await PendingCall<String?>.run { token in
                permit_wk_evaluate(view, source, GTKCallbacks.text, token)
            }
        } catch let failure as GTKFailure {
            // WebKit's message starts with the class ("TypeError: ..."); the page's own text stays out.
            let name = failure.message.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            throw WebViewError.javaScriptException.withDetail(name.isEmpty ? "exception" : String(name))
        }
    }

    /// Loads `url` in the main frame and returns once its `load` event fired; after a restart the web view
    /// loads it again.
    ///
    /// - Throws: `WebViewError.navigationFailed` when the page cannot be loaded, `WebViewError.timedOut`
    ///   after the configuration's load timeout.
    public func load(_ url: URL) async throws {
        try await ready()
        if url.scheme == "http" || url.scheme == "https" { lastURL = url }
        try await navigate(to: url)
    }

    /// Loads `url` and waits for its `load` event, within the load timeout; a caller cancelled meanwhile stops
    /// waiting at once, with `CancellationError`.
    func navigate(to url: URL) async throws {
        lastLoadWait += 1
        let number = lastLoadWait
        requestedURL = url
        let view = view.pointer
        let timeout = configuration.loadTimeout
        try await withThrowingDiscardingTaskGroup { group in
            // The deadline: ends the wait, unless it ended first (then the child is cancelled, and ending the
            // wait again does nothing).
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    await self.endLoadWait(number, error)
                    return
                }
                await self.endLoadWait(number, WebViewError.timedOut.withDetail(url.absoluteString))
            }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancelled already: the deadline may have found no wait to end.
                if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
                loadWaits[number] = LoadWait(url: url, continuation: continuation)
                // The outcome comes as load events, not as the call's callback.
                permit_wk_load(view, url.absoluteString, nil, nil)
            }
            group.cancelAll()
        }
    }

    /// Ends one load wait with `error`, if it is still waiting.
    private func endLoadWait(_ number: Int, _ error: any Error) {
        loadWaits.removeValue(forKey: number)?.continuation.resume(throwing: error)
    }

    /// The HTTP status of the main document's response (404 for a page not found), or `nil` when no page
    /// was loaded over HTTP.
    package func mainDocumentStatus() async throws -> Int? {
        try await ready()
        let view = view.pointer
        let text = try await PendingCall<String?>.run { token in
            permit_wk_main_document_status(view, GTKCallbacks.text, token)
        }
        return text.flatMap { Int($0) }
    }

    /// A PNG of the page as it is shown now.
    public func screenshot() async throws -> Data {
        try await ready()
        let view = view.pointer
        do {
            return try await PendingCall<Data>.run { token in permit_wk_snapshot(view, GTKCallbacks.png, token) }
        } catch let failure as GTKFailure {
            throw WebViewError.snapshotFailed.withDetail(failure.message)
        }
    }

    /// Clicks the main mouse button at a point of the viewport, in CSS pixels from its top-left corner, as a
    /// person would: real X11 input through the XTest extension of the host's Xvfb, which the page receives as
    /// trusted pointer and mouse events (`event.isTrusted`) with user activation. For tests and `permit shell`'s
    /// `tap`.
    ///
    /// Returns once the X server has the press and the release; the page receives them a moment later.
    ///
    /// - Throws: ``WebViewError/engineRefused`` when the display is not X11 or XTest is missing.
    package func click(x: Double, y: Double) async throws {
        try await ready()
        let view = view.pointer
        do {
            _ = try await PendingCall<String?>.run { token in permit_wk_click(view, x, y, GTKCallbacks.text, token) }
        } catch let failure as GTKFailure {
            throw WebViewError.engineRefused.withDetail(failure.message)
        }
    }

    /// Ends the web content process as the OS does when it kills one: the web view reports the termination and
    /// recovers as it would from a crash. For tests of dying web content.
    package func terminateWebContent() async throws {
        try await ready()
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_terminate_web_process(view, GTKCallbacks.text, token)
        }
    }
}
