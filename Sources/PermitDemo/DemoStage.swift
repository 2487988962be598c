package import Foundation
package import Logging
import Permit
package import PermitPageServer
import PermitWeb
import PermitSupport

/// The parts of the simulated hybrid app that outlive its processes: a browser engine as the web view, the
/// app's web server on loopback with its push-token registry (``DemoServerSide``), and the page's console,
/// captured for the transcript.
///
/// The demo page is served at `/`, and the system status the native side last published at
/// `/api/system-status`; `permit shell --url` opens another site in the same web view.
package final class DemoStage: Sendable {
    /// The web view.
    package let webView: any DemoWebView
    /// The web view's engine.
    package let engine: DemoEngine
    /// The app's web server on loopback.
    package let server: PageServer
    /// The server's push-token registry and the fake FCM behind it.
    package let serverSide: DemoServerSide
    private let systemStatus: Locked<Data?>
    private let sink: Locked<@Sendable (AppEvent) -> Void>

    /// The name of the handler the console capture posts to.
    static let consoleHandlerName = "permitConsole"

    private init(
        webView: any DemoWebView, engine: DemoEngine, server: PageServer, serverSide: DemoServerSide,
        systemStatus: Locked<Data?>,
        sink: Locked<@Sendable (AppEvent) -> Void>
    ) {
        self.webView = webView
        self.engine = engine
        self.server = server
        self.serverSide = serverSide
        self.systemStatus = systemStatus
        self.sink = sink
    }

    /// The demo page's URL.
    package var demoPageURL: URL { server.url("/") }

    /// Starts the server and the browser, and captures the console of every page loaded from now on.
    ///
    /// - Parameters:
    ///   - engine: The browser engine of the web view.
    ///   - windowSize: The web view's size in CSS pixels.
    ///   - networkHosts: Hosts beyond loopback the web view may reach, on purpose (`permit shell --allow-host`).
    ///   - logger: Receives the server's and the browser's messages.
    package static func start(
        engine: DemoEngine = .chromium, windowSize: (width: Int, height: Int) = (1280, 800), networkHosts: [String] = [],
        logger: Logger
    ) async throws -> DemoStage {
        let page = try demoPage()
        let systemStatus = Locked<Data?>(nil)
        var serverLogger = logger
        // Hummingbird reports its connections' cancellation at `error` when the server stops: not a failure.
        serverLogger.logLevel = max(logger.logLevel, .critical)
        let serverSide = try await DemoServerSide.start(logger: serverLogger)
        let server = try await PageServer.start(logger: serverLogger, configure: serverSide.install(on:)) { path in
            switch path {
            case "/", "/index.html": return .html(page)
            case "/api/system-status":
                guard let data = systemStatus.withLock({ $0 }) else { return nil }
                return PageServer.Page(status: 200, contentType: "application/json", body: String(decoding: data, as: UTF8.self))
            default: return nil
            }
        }
        let webView: any DemoWebView
        do {
            webView = try await engine.launch(windowSize: windowSize, networkHosts: networkHosts, logger: logger)
        } catch {
            await server.stop()
            await serverSide.close()
            throw error
        }
        let sink = Locked<@Sendable (AppEvent) -> Void>({ _ in })
        let stage = DemoStage(
            webView: webView, engine: engine, server: server, serverSide: serverSide, systemStatus: systemStatus,
            sink: sink)
        do {
            try await stage.captureConsole()
        } catch {
            await stage.close()
            throw error
        }
        return stage
    }

    /// Closes the browser, then the server and its registry.
    package func close() async {
        await webView.close()
        await server.stop()
        await serverSide.close()
    }

    /// Where console messages go from now on.
    package func setConsoleSink(_ emit: @escaping @Sendable (AppEvent) -> Void) { sink.withLock { $0 = emit } }

    /// Publishes the system status the page fetches from `/api/system-status`.
    package func publishSystemStatus(_ status: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(status)
        systemStatus.withLock { $0 = data }
    }

    /// Deletes every cookie in the web view, as a fresh install of the app starts with an empty cookie store.
    package func deleteAllCookies() async throws {
        for cookie in try await webView.allCookies() {
            try await webView.deleteCookie(named: cookie.name, domain: cookie.domain, path: cookie.path)
        }
    }

    private func captureConsole() async throws {
        let sink = sink
        try await webView.addMessageHandler(named: Self.consoleHandlerName) { message in
            guard message.frame.isMainFrame,
                let entry = try? JSONDecoder().decode([String].self, from: Data(message.body.utf8)), entry.count == 2
            else { return "" }
            sink.withLock { $0 }(.console(level: entry[0], text: entry[1]))
            return ""
        }
        _ = try await webView.addUserScript(Self.consoleScript)
    }

    /// How the console capture starts the text of an unhandled rejection.
    static let unhandledRejectionPrefix = "unhandled rejection: "

    /// Forwards the page's console and uncaught errors to the native side; the page's own console still gets
    /// every message.
    static let consoleScript = """
        (function () {
          var handlers = window.webkit && window.webkit.messageHandlers;
          var handler = handlers && handlers.\(consoleHandlerName);
          if (!handler || window.top !== window) { return; }
          var post = handler.postMessage.bind(handler), stringify = JSON.stringify, StringType = String;
          function text(value) {
            if (typeof value === 'string') { return value; }
            try { var json = stringify(value); return json === undefined ? StringType(value) : json; }
            catch (error) { return StringType(value); }
          }
          function send(level, values) {
            try { post(stringify([level, Array.prototype.map.call(values, text).join(' ')])); } catch (error) {}
          }
          ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
            var original = console[level];
            console[level] = function () { send(level, arguments); return original.apply(console, arguments); };
          });
          // The name and message, then the stack: V8's stack starts with them, JavaScriptCore's holds only
          // the frames. Without a stack, the name and message; for a value that is not an error, its text.
          function thrown(value) {
            var header = value && typeof value === 'object' && value.message !== undefined
              ? StringType(value.name || 'Error') + ': ' + StringType(value.message) : '';
            if (value && typeof value.stack === 'string' && value.stack) {
              return !header || value.stack.indexOf(header) === 0 ? value.stack : header + '\\n' + value.stack;
            }
            return header || text(value);
          }
          window.addEventListener('error', function (event) {
            var place = event.filename ? ' (' + event.filename + ':' + event.lineno + ')' : '';
            send('exception', [event.error ? thrown(event.error) + (event.error.stack ? '' : place) : event.message + place]);
          });
          window.addEventListener('unhandledrejection', function (event) {
            send('exception', ['\(unhandledRejectionPrefix)' + thrown(event.reason)]);
          });
        })();
        """

    /// The demo web app, from the module's resources.
    static func demoPage() throws -> String {
        guard let url = Bundle.module.url(forResource: "demo", withExtension: "html") else {
            throw DemoError("the demo page is missing from the tool's resources")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}

/// Something the demo or the shell could not do, in one line.
package struct DemoError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String

    init(_ description: String) { self.description = description }
}
