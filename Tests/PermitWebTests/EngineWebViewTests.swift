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
}

final class FrameLog: @unchecked Sendable {
    // @unchecked: `frames` is only touched while holding `lock`.
    private let lock = NSLock()
    private var frames: [WebFrame] = []

    func append(_ frame: WebFrame) { lock.withLock { frames.append(frame) } }
    var all: [WebFrame] { lock.withLock { frames } }
}
