import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing
import PermitSupport

/// Seed 002's page code, verbatim: how the web app reads the push token.
private let seedPage = """
    <script>
    function getFCMToken() {
        const cookies = document.cookie.split(';');
        for (let cookie of cookies) {
            const [name, value] = cookie.trim().split('=');
            if (name === 'FCM_token') {
                return value;
            }
        }
        return null;
    }
    window.tokenAtLoad = getFCMToken();
    </script>
    <p>push</p>
    """

@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct CookiesInBrowserTests {
    /// A hybrid app's cookies: the push-token manager and the cookie sync over each real browser engine, pages
    /// from a loopback server at `http://localhost:PORT` (browsers count localhost as secure, so `Secure`
    /// cookies travel over its plain HTTP).
    struct World {
        let browser: BrowserWorld
        let device = SimulatedDevice()
        let center: PermissionCenter
        let provider = SimulatedPushTokenProvider()
        let sync: CookieSync
        let tokens: PushTokenCookieManager
        /// Every page load and restart, once the sync has validated the cookies after it.
        let events: EventLog
        /// The sync's and the token manager's `run()`, from `make` to `tearDown`.
        let running = Locked<Task<Void, Never>?>(nil)

        static func make(_ engine: Engine) async throws -> World {
            let browser = try await BrowserWorld.make(engine, pages: ["/": seedPage, "/next": seedPage, "/third": seedPage])
            let world = World(browser: browser, engine: engine)
            await world.device.launchApp()
            try await world.tokens.restoreCookie()
            let sync = world.sync, tokens = world.tokens, events = browser.webView.events()
            // The world outlives any one scope of the test: its pieces run from make to tearDown.
            world.running.withLock {
                $0 = Task {
                    await withDiscardingTaskGroup { group in
                        group.addTask { await sync.run(following: events) }
                        group.addTask { await tokens.run() }
                    }
                }
            }
            return world
        }

        private init(browser: BrowserWorld, engine: Engine) {
            self.browser = browser
            center = PermissionCenter(
                kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
            sync = CookieSync(store: browser.webView.cookieStore, siteHost: "localhost", logger: quietLogger)
            events = EventLog(following: sync.validations())
            tokens = PushTokenCookieManager(
                configuration: PushTokenCookieConfiguration(attributes: engine.loopbackAttributes()), provider: provider, storage: center.storage,
                sync: sync, logger: quietLogger)
        }

        var webView: any EngineWebView { browser.webView }

        /// Loads `path` and returns once the sync has validated after the load.
        func load(_ path: String) async throws {
            let url = browser.server.url(path)
            try await webView.load(url)
            await events.wait(for: .loaded(url))
        }

        func pageToken(_ expression: String = "getFCMToken()") async throws -> String? {
            try await webView.evaluateJavaScript(expression).flatMap { try JSONValue.parse(Data($0.utf8)).stringValue }
        }

        /// The `FCM_token` value in the `Cookie` header of the last request for `path`.
        func serverToken(_ path: String) -> String? {
            let header = browser.server.requests.last { $0.path == path }?.cookieHeader ?? ""
            return header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("FCM_token=") }.map { String($0.dropFirst("FCM_token=".count)) }
        }

        func tearDown() async {
            if let task = running.withLock({ $0 }) {
                task.cancel()
                await task.value
            }
            await browser.tearDown()
        }
    }

    @Test(arguments: Engine.available) func thePageAndTheServerSeeTheTokenThroughSaveRefreshAndClear(engine: Engine) async throws {
        let world = try await World.make(engine)
        let token = await world.provider.registerForRemoteNotifications()
        #expect(try await world.tokens.refresh() == token)
        try await world.load("/")
        #expect(try await world.pageToken("window.tokenAtLoad") == token, "the page's first script sees the token")
        #expect(try await world.pageToken() == token)
        #expect(world.serverToken("/") == token)

        let refreshed = await world.provider.rotateToken(notifying: false)
        #expect(try await world.tokens.refresh() == refreshed)
        try await world.load("/next")
        #expect(try await world.pageToken("window.tokenAtLoad") == refreshed)
        #expect(world.serverToken("/next") == refreshed)

        try await world.tokens.clear()
        #expect(await world.provider.deleteCount == 1)
        try await world.load("/third")
        #expect(try await world.pageToken("window.tokenAtLoad") == nil)
        #expect(try await world.pageToken() == nil)
        #expect(world.serverToken("/third") == nil)
        #expect(world.browser.server.requests.last { $0.path == "/third" } != nil)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aCookieDeletedByThePageIsRestoredAtTheNextLoad(engine: Engine) async throws {
        let world = try await World.make(engine)
        let token = try #require(try await world.tokens.refresh(registering: world.provider))
        try await world.load("/")
        let secure = engine.traits.sendsSecureCookiesToLoopbackHTTP ? "; Secure" : ""
        _ = try await world.webView.evaluateJavaScript("document.cookie = 'FCM_token=; Max-Age=0; Path=/\(secure)'")
        #expect(try await world.pageToken() == nil, "the page deleted the cookie")
        #expect(await world.tokens.debugInfo().cookieToken == nil)

        try await world.load("/next")
        // WebKit's web process answers document.cookie from a cache that the network process updates after a
        // write, so a cookie written back a moment ago can be missing there for a moment on a busy machine.
        #expect(await eventually(timeout: .seconds(2)) { (try? await world.pageToken()) == token }, "restored after the load")
        #expect(try await world.tokens.validate() == .valid)
        try await world.load("/third")
        #expect(try await world.pageToken("window.tokenAtLoad") == token)
        #expect(world.serverToken("/third") == token)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aCookieLostWithTheBrowserIsRestoredWhenItRestarts(engine: Engine) async throws {
        let world = try await World.make(engine)
        let token = try #require(try await world.tokens.refresh(registering: world.provider))
        try await world.load("/")
        // Removed from the store behind Permit's back, so the host has nothing of its own to re-apply.
        try await world.webView.deleteCookie(named: "FCM_token", domain: "localhost", path: "/")
        try await world.webView.killWebContent()
        await world.events.wait(for: .restarted)
        // The host reloads the page before it reports the restart, so that reload went out without the
        // cookie; the sync restored it on the restart, and the next load has it.
        #expect(try await world.tokens.tokenFromCookie() == token)
        try await world.load("/next")
        #expect(try await world.pageToken("window.tokenAtLoad") == token)
        #expect(world.serverToken("/next") == token)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func mirroredPermissionCookiesFollowAGrantInThePage(engine: Engine) async throws {
        let world = try await World.make(engine)
        try await world.sync.mirrorPermissionCookies(of: world.center, attributes: engine.loopbackAttributes())
        try await world.load("/")
        #expect(try await world.pageToken("document.cookie")?.contains("p_Camera=no") == true)

        await world.device.answerNextPrompt(for: .camera, with: .granted)
        _ = try await world.center.request(.camera)
        var seen: String?
        for _ in 0..<500 {
            seen = try await world.pageToken("document.cookie")
            if seen?.contains("p_Camera=yes") == true { break }
            await Task.yield()
        }
        #expect(seen?.contains("p_Camera=yes") == true, "document.cookie: \(seen ?? "nil")")
        #expect(seen?.contains("p_Location=no") == true && seen?.contains("p_Notification=no") == true)
        await world.tearDown()
    }

    // MARK: - Fidelity

    @Test(arguments: Engine.available) func twoHundredGeneratedCookiesComeBackAttributeForAttribute(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine)
        var generator = CookieGenerator(seed: 2026, now: Date())
        let cookies = (0..<200).map { generator.valid(index: $0) }
        for generated in cookies {
            try generated.cookie.validate(forHost: generated.host)
            try await world.webView.setCookie(generated.cookie)
        }
        let stored = Dictionary(uniqueKeysWithValues: try await world.webView.allCookies().map { (CookieKey($0), $0) })
        #expect(stored.count == 200)
        var scopes: Set<String> = []
        for generated in cookies {
            let cookie = generated.cookie
            scopes.insert("\(cookie.isHostOnly ? "host" : "domain") \(cookie.isSecure) \(cookie.isHTTPOnly) \(cookie.sameSite) \(cookie.expires == nil)")
            #expect(stored[CookieKey(cookie)] == engine.stored(cookie), "\(cookie.setCookieHeader)")
        }
        #expect(scopes.count >= 20, "the generated cookies mix scopes, flags and expiries")
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func setCookieHeadersFromPermitsWriterAreParsedAsModelled(engine: Engine) async throws {
        var generator = CookieGenerator(seed: 99, now: Date())
        // Over plain HTTP, Chromium takes Secure cookies only from localhost, and WebKitGTK from nowhere; the
        // domain cookies go to app.test from sub.app.test, so those must not be Secure. WebKitGTK cannot map
        // sub.app.test to loopback, so it gets the localhost half only (the Engines article).
        var local: [Cookie] = []
        var domain: [Cookie] = []
        var index = 0
        let domainCount = engine.traits.mapsHostNamesToLoopback ? 40 : 0
        while local.count < 60 || domain.count < domainCount {
            let generated = generator.valid(index: index)
            index += 1
            if generated.host == "localhost", local.count < 60 {
                var cookie = generated.cookie
                if !engine.traits.sendsSecureCookiesToLoopbackHTTP { cookie = cookie.withoutSecure }
                local.append(cookie)
            } else if !generated.cookie.isHostOnly, domain.count < domainCount {
                domain.append(generated.cookie.withoutSecure)
            }
        }
        let sets = [("/local", local), ("/domain", domain)]
        let server = try await PageServer.start(logger: quietLogger) { path in
            guard let cookies = sets.first(where: { $0.0 == path })?.1 else { return nil }
            return PageServer.Page(
                status: 200, contentType: "text/html", body: "<p>set</p>", setCookies: cookies.map(\.setCookieHeader))
        }
        let webView = try await engine.launch(loopbackHosts: ["localhost", "sub.app.test"])
        try await webView.load(URL(string: "http://localhost:\(server.port)/local")!)
        if engine.traits.mapsHostNamesToLoopback {
            try await webView.load(URL(string: "http://sub.app.test:\(server.port)/domain")!)
        }
        let stored = Dictionary(uniqueKeysWithValues: try await webView.allCookies().map { (CookieKey($0), $0) })
        #expect(stored.count == local.count + domain.count)
        for cookie in local + domain {
            // Chromium corrects an Expires for the skew between its clock and the response's Date header. The
            // server's Date has whole seconds and Hummingbird refreshes it once a second, so it lags the
            // clock by up to two seconds, and the stored expiry is later than the written one by as much.
            var found = try #require(stored[CookieKey(cookie)], "\(cookie.setCookieHeader)")
            if let expires = found.expires, let written = cookie.expires,
                (0...2.5).contains(expires.timeIntervalSince(written))
            {
                found.expires = written
            }
            #expect(found == engine.stored(cookie), "\(cookie.setCookieHeader)")
        }
        await webView.close()
        await server.stop()
    }
}

extension PushTokenCookieManager {
    /// Registers the simulated device for remote notifications and saves its first token.
    fileprivate func refresh(registering provider: SimulatedPushTokenProvider) async throws -> String? {
        await provider.registerForRemoteNotifications()
        return try await refresh()
    }
}

extension Cookie {
    /// The cookie as a site served over plain HTTP may set it: without `Secure`, so without a `__Secure-`
    /// name or `SameSite=None`.
    fileprivate var withoutSecure: Cookie {
        var cookie = self
        if cookie.name.lowercased().hasPrefix("__secure-") { cookie.name = "s" + cookie.name }
        cookie.isSecure = false
        if cookie.sameSite == .none { cookie.sameSite = .lax }
        return cookie
    }
}
