import Foundation
import PermitPageServer
import PermitWeb
import Testing

extension EngineWebViewTests {
    @Test(arguments: Engine.available) func cookiesAreWrittenReadByThePageAndTheServerAndDeleted(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>jar</p>"])
        let expiry = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400 * 30).rounded())
        try await world.webView.setCookie(Cookie(name: "FCM_token", value: "tok123", domain: "localhost", expires: expiry))
        try await world.webView.setCookie(Cookie(name: "session", value: "s", domain: "localhost", isHTTPOnly: true))
        try await world.webView.setCookie(Cookie(name: "plain", value: "p", domain: "localhost", isSecure: false))
        try await world.webView.load(world.server.url("/"))
        // A Secure cookie over http://localhost: Chromium sends it, WebKitGTK does not (the Engines article).
        let secureSent = engine.traits.sendsSecureCookiesToLoopbackHTTP
        #expect(try await world.webView.evaluateJavaScript("document.cookie")
            == (secureSent ? #""FCM_token=tok123; plain=p""# : #""plain=p""#))
        #expect(world.server.requests.last?.cookieHeader?.contains("FCM_token=tok123") == secureSent)
        #expect(world.server.requests.last?.cookieHeader?.contains("session=s") == secureSent)
        #expect(world.server.requests.last?.cookieHeader?.contains("plain=p") == true)
        let stored = try #require(try await world.webView.allCookies().first { $0.name == "FCM_token" })
        #expect(stored.value == "tok123" && stored.domain == "localhost" && stored.isHostOnly && stored.path == "/")
        #expect(stored.isSecure && !stored.isHTTPOnly && stored.sameSite == .lax)
        #expect(stored.expires.map { abs($0.timeIntervalSince(expiry)) < 1 } == true)

        try await world.webView.deleteCookie(named: "FCM_token", domain: "localhost", path: "/")
        #expect(try await world.webView.allCookies().map(\.name).sorted() == ["plain", "session"])
        #expect(try await world.webView.evaluateJavaScript("document.cookie") == #""plain=p""#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aCleanShutdownKeepsCookiesForTheNextLaunch(engine: Engine) async throws {
        let profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("permit-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let first = try await BrowserWorld.make(engine, profile: profile)
        try await first.webView.setCookie(
            Cookie(name: "kept", value: "1", domain: "localhost", expires: Date().addingTimeInterval(86_400)))
        await first.tearDown()

        let second = try await BrowserWorld.make(engine, profile: profile)
        #expect(try await second.webView.allCookies().map(\.name) == ["kept"])
        await second.tearDown()
    }

    @Test(arguments: Engine.available) func aRemovedScriptDoesNotRunInTheNextDocument(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>page</p>"])
        _ = try await world.webView.addUserScript("window.kept = true;")
        let removed = try await world.webView.addUserScript("window.removed = true;")
        try await world.webView.removeUserScript(removed)
        try await world.webView.load(world.server.url("/"))
        #expect(try await world.webView.evaluateJavaScript("[window.kept === true, window.removed === undefined]") == "[true,true]")
        await world.tearDown()
    }
}
