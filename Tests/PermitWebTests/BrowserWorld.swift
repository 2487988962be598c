import Foundation
import Logging
import PermitPageServer
import Testing

/// A real browser engine's web view and a loopback page server, for one test.
struct BrowserWorld {
    let engine: Engine
    let webView: any EngineWebView
    let server: PageServer
    let pages: PageTable

    static func make(
        _ engine: Engine, profile: URL? = nil, loopbackHosts: [String] = ["localhost"], pages: [String: String] = [:]
    ) async throws -> BrowserWorld {
        var logger = Logger(label: "permit.tests.browser")
        logger.logLevel = .warning
        let table = PageTable(pages)
        // Hummingbird logs the cancellation of its connections at `error` when the server stops: not a failure.
        var serverLogger = logger
        serverLogger.logLevel = .critical
        let server = try await PageServer.start(logger: serverLogger) { path in table[path].map(PageServer.Page.html) }
        do {
            let webView = try await engine.launch(profile: profile, loopbackHosts: loopbackHosts, logger: logger)
            return BrowserWorld(engine: engine, webView: webView, server: server, pages: table)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Closes the browser and the server, and checks that no process of the browser's group is left.
    func tearDown() async {
        let pid = await webView.webContentProcessID()
        await webView.close()
        await server.stop()
        if let pid {
            #expect(kill(-pid, 0) == -1 && errno == ESRCH, "the browser's process group \(pid) outlived close()")
        }
    }
}

/// Pages by path, changeable while the server runs.
final class PageTable: @unchecked Sendable {
    // @unchecked: `pages` is only touched while holding `lock`.
    private let lock = NSLock()
    private var pages: [String: String]

    init(_ pages: [String: String]) { self.pages = pages }

    subscript(path: String) -> String? {
        get { lock.withLock { pages[path] } }
        set { lock.withLock { pages[path] = newValue } }
    }
}
