import CPermitWebKitGTK
import Foundation
import Logging
import Permit
import PermitWeb
import PermitHostSupport

// MARK: - Events from the GTK thread

extension WebKitGTKWebView {
    /// Reads the view's events in order until it is destroyed; message handlers run concurrently, so that a
    /// slow handler holds up no event.
    func startEventLoop(_ events: AsyncStream<GTKEvent>) {
        EngineEventLoop.start(events, for: self) { webView, event in await webView.handle(event) }
    }

    /// Applies one event; returns the work it calls for, if any, to run concurrently.
    private func handle(_ event: GTKEvent) -> (@Sendable () async -> Void)? {
        switch event {
        case .message(let name, let body, let frame, let reply):
            guard let handler = handlers[name] else {
                reply.send("no handler named \(name)", failed: true)
                return nil
            }
            return { reply.send(await handler(WebMessage(body: body, frame: frame)), failed: false) }
        case .committed(let uri):
            let url = reportedURL(uri)
            currentURL = url
            for (number, wait) in loadWaits where Self.sameURL(wait.url, uri) {
                loadWaits[number]?.committed = true
            }
            emit(.navigated(url))
        case .finished(let uri):
            let url = currentURL ?? reportedURL(uri)
            for (number, wait) in loadWaits where wait.committed {
                loadWaits.removeValue(forKey: number)
                wait.continuation.resume()
            }
            emit(.loaded(url))
        case .failed(let uri, let message):
            for (number, wait) in loadWaits where Self.sameURL(wait.url, uri) {
                loadWaits.removeValue(forKey: number)
                wait.continuation.resume(throwing: WebViewError.navigationFailed.withDetail("\(uri): \(message)"))
            }
        case .terminated(let reason):
            webContentTerminated(reason: reason)
        case .cookiesChanged:
            cookieBroadcaster.publish(())
        case .permissionDecided(let kind, let origin, let granted):
            logger.info(
                granted ? "granted a page's permission request" : "denied a page's permission request",
                metadata: ["request": "\(kind)", "origin": "\(origin ?? "none")"])
        }
        return nil
    }

    /// The URL to report for a committed `uri`: the one asked for when it is that page, as given.
    private func reportedURL(_ uri: String) -> URL {
        if let requestedURL, Self.sameURL(requestedURL, uri) { return requestedURL }
        return URL(string: uri) ?? URL(string: "about:blank")!
    }

    /// Whether WebKit's `uri` is `url`, allowing for WebKit's own escaping.
    static func sameURL(_ url: URL, _ uri: String) -> Bool {
        let asked = url.absoluteString
        // WebKit adds the root path to a URL without one.
        return asked == uri || asked + "/" == uri || asked.removingPercentEncoding == uri.removingPercentEncoding
            || (URL(string: uri).map { $0.standardized == url.standardized } ?? false)
    }

    /// Ends every load wait with `error`.
    func failLoads(_ error: any Error) {
        let waits = loadWaits.values
        loadWaits = [:]
        for wait in waits { wait.continuation.resume(throwing: error) }
    }

    // MARK: - Restarting

    /// The web content process ended: report it and, as the restart policy decides, restart or stay down.
    private func webContentTerminated(reason: Int32) {
        guard life.isRunning else { return }
        let text = switch reason {
        case 0: "WebKit's web process crashed"
        case 1: "WebKit's web process exceeded its memory limit"
        default: "WebKit's web process was terminated"
        }
        logger.warning("the web content process ended", metadata: ["reason": "\(text)"])
        failLoads(WebViewError.webContentTerminated.withDetail(text))
        emit(.terminated(reason: text))
        if case .gaveUp(let terminations)? = life.terminated(restart: { try await self.restart() }) {
            logger.error("the web content keeps dying; not restarting it", metadata: ["terminations": "\(terminations)"])
        }
    }

    /// Writes every cookie again and reloads the last page; WebKit starts a new web process for it and gives
    /// it the user content manager's scripts and handlers, which live in this process.
    private func restart() async throws {
        for cookie in cookiesSet.values {
            guard life.isRestarting else { return }
            try? await writeCookie(cookie)
        }
        guard life.isRestarting else { return }
        if let lastURL {
            _ = try? await navigate(to: lastURL)
        }
        guard life.isRestarting else { return }
        life.restarted()
        logger.info("the web content restarted")
        emit(.restarted)
    }
}
