import Foundation
import Logging
import PermitChromium
import PermitPageServer
import Testing

/// Whether the browser tests run: always under `CI=true` (where a missing Chromium must fail them), else only
/// when Chromium is installed.
let browserAvailable =
    ProcessInfo.processInfo.environment["CI"] == "true" || ChromiumWebView.locateExecutable() != nil

/// The trait every browser suite carries: skipped with a visible reason outside CI when Chromium is missing.
let requiresChromium = Testing.ConditionTrait.enabled(
    if: browserAvailable, "Chromium is not installed (scripts/setup installs it); under CI=true this fails instead")

/// A real headless Chromium and a loopback page server, for one test.
struct BrowserWorld {
    let webView: ChromiumWebView
    let server: PageServer
    let pages: PageTable

    static func make(
        configuration: ChromiumConfiguration = ChromiumConfiguration(), pages: [String: String] = [:]
    ) async throws -> BrowserWorld {
        var logger = Logger(label: "permit.tests.browser")
        logger.logLevel = .warning
        let table = PageTable(pages)
        // Hummingbird logs the cancellation of its connections at `error` when the server stops: not a failure.
        var serverLogger = logger
        serverLogger.logLevel = .critical
        let server = try await PageServer.start(logger: serverLogger) { path in table[path].map(PageServer.Page.html) }
        do {
            let webView = try await ChromiumWebView.launch(configuration: configuration, logger: logger)
            return BrowserWorld(webView: webView, server: server, pages: table)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Closes the browser and the server, and checks that no process of the browser's group is left.
    func tearDown() async {
        let pid = await webView.processID()
        await webView.close()
        await server.stop()
        if let pid {
            #expect(kill(-pid, 0) == -1 && errno == ESRCH, "Chromium's process group \(pid) outlived close()")
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
