import Foundation
import PermitPageServer
import PermitWeb
import Testing

/// Each browser engine's web view: scripts, handlers with the sender's frame, and cookies.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct EngineWebViewTests {
    @Test(arguments: Engine.available) func aDocumentStartScriptRunsBeforeThePageAndAHandlerAnswersWithTheFrame(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: [
            "/": "<script>window.seenByPage = window.injected;</script><p>hello</p>"
        ])
        let frames = FrameLog()
        _ = try await world.webView.addUserScript("window.injected = 'before the page';")
        try await world.webView.addMessageHandler(named: "echo") { message in
            frames.append(message.frame)
            return "echo: " + message.body
        }
        try await world.webView.load(world.server.url("/"))
        #expect(try await world.webView.evaluateJavaScript("window.seenByPage") == #""before the page""#)
        let reply = try await world.webView.evaluateJavaScript("window.webkit.messageHandlers.echo.postMessage('hi')")
        #expect(reply == #""echo: hi""#)
        #expect(frames.all == [WebFrame(isMainFrame: true, origin: try WebOrigin(world.server.origin))])
        #expect(try await world.webView.evaluateJavaScript("typeof window.__permitHost") == #""undefined""#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aPageOnTheLoopbackAddressLoads(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p id=hello>hello</p>"])
        let address = try #require(URL(string: "http://127.0.0.1:\(world.server.port)/"))
        try await world.webView.load(address)
        #expect(try await world.webView.evaluateJavaScript("document.getElementById('hello').textContent") == #""hello""#)
        #expect(try await world.webView.evaluateJavaScript("location.host") == "\"127.0.0.1:\(world.server.port)\"")
        await world.tearDown()
    }

    /// Issue 18, item 2: every message carries the frame that posted it, taken from the web view. WebKitGTK's
    /// handler does not tell it, so the WebKit host tags messages from a script in every frame; a
    /// cross-origin iframe must come out as itself, never as the main frame.
    @Test(arguments: Engine.available)
    func aCrossOriginIframesMessageCarriesItsOwnFrameAndOrigin(engine: Engine) async throws {
        let foreignPages = PageTable(["/frame": """
            <script>
            window.webkit.messageHandlers.echo.postMessage('from the frame').then(
              reply => parent.postMessage(reply, '*'), error => parent.postMessage('error: ' + error, '*'));
            </script>
            """])
        let foreign = try await PageServer.start(logger: quietLogger) { path in foreignPages[path].map(PageServer.Page.html) }
        let world = try await BrowserWorld.make(engine, pages: [:])
        world.pages["/"] = """
            <script>window.replies = []; addEventListener('message', event => window.replies.push(event.data));</script>
            <iframe src="\(foreign.url("/frame").absoluteString)"></iframe>
            """
        let frames = FrameLog()
        try await world.webView.addMessageHandler(named: "echo") { message in
            frames.append(message.frame)
            return "echo: " + message.body
        }
        try await world.webView.load(world.server.url("/"))
        #expect(await eventually { (try? await world.webView.evaluateJavaScript("window.replies.length")) == "1" })
        #expect(try await world.webView.evaluateJavaScript("window.replies[0]") == #""echo: from the frame""#)
        _ = try await world.webView.evaluateJavaScript("window.webkit.messageHandlers.echo.postMessage('from the top')")
        #expect(frames.all == [
            WebFrame(isMainFrame: false, origin: try WebOrigin(foreign.origin)),
            WebFrame(isMainFrame: true, origin: try WebOrigin(world.server.origin)),
        ])
        await world.tearDown()
        await foreign.stop()
    }

    /// The WebKit host's tag cannot be forged: a frame that reaches WebKit's own `postMessage` past the
    /// tagging script, with a made-up tag claiming the main frame, is reported as an unknown frame.
    @Test(.enabled(if: Engine.available.contains(.webkit), "WebKitGTK is not installed"))
    func aForgedFrameTagIsReportedAsAnUnknownFrameOnWebKit() async throws {
        let world = try await BrowserWorld.make(.webkit, pages: ["/": "<p>page</p>"])
        let frames = FrameLog()
        try await world.webView.addMessageHandler(named: "echo") { message in
            frames.append(message.frame)
            return message.body
        }
        try await world.webView.load(world.server.url("/"))
        let reply = try await world.webView.evaluateJavaScript("""
            (() => {
              const handler = window.webkit.messageHandlers.echo;
              const raw = Object.getPrototypeOf(handler).postMessage;
              return raw.call(handler, {__permitFrame: 'guessed', main: true, origin: location.origin, body: 'forged'});
            })()
            """)
        #expect(reply != nil, "the message was answered")
        #expect(frames.all == [WebFrame(isMainFrame: false, origin: nil)])
        await world.tearDown()
    }
}

final class FrameLog: @unchecked Sendable {
    // @unchecked: `frames` is only touched while holding `lock`.
    private let lock = NSLock()
    private var frames: [WebFrame] = []

    func append(_ frame: WebFrame) { lock.withLock { frames.append(frame) } }
    var all: [WebFrame] { lock.withLock { frames } }
}
