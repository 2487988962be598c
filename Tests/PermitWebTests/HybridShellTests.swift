import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import PermitWebTesting
import Testing

/// `HybridShell.run(onLoaded:)` as an app runs it: in a task group, wired in order, the page loaded once
/// `onLoaded` is called, and cancellation taking the pieces out of the web view.
@Suite(.timeLimit(.minutes(2))) struct HybridShellTests {
    /// A launched device, a center and a shell over `webView` serving `pageURL`, with a push service.
    private func shell(
        over webView: any WebViewHost, pageURL: URL, cookies: CookieAttributes
    ) async -> (SimulatedDevice, HybridShell, SimulatedPushTokenProvider) {
        let device = SimulatedDevice()
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
        let pushTokens = SimulatedPushTokenProvider()
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: pageURL, bridge: .zoobox(allowedOrigins: [try! WebOrigin(pageURL.absoluteString)]),
                siteHost: "localhost", permissionCookies: cookies,
                pushToken: PushTokenCookieConfiguration(attributes: cookies)),
            center: center, webView: webView, location: SimulatedLocation(), haptics: RecordingHaptics(),
            pushTokens: pushTokens, logger: quietLogger)
        return (device, shell, pushTokens)
    }

    /// Runs `shell` in a task group, calls `body` once the page loaded, then cancels the shell and returns
    /// once its run returned.
    private func whileLoaded(_ shell: HybridShell, _ body: () async throws -> Void) async throws {
        let (loaded, onLoaded) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { onLoaded.finish() }  // a run that throws before the load ends the wait too
                try await shell.run(onLoaded: { onLoaded.finish() })
            }
            for await _ in loaded {}
            defer { group.cancelAll() }
            try await body()
        }
    }

    @Test func runWiresThePiecesLoadsThePageAndCancellationTakesThemOut() async throws {
        let host = FakeWebViewHost()
        let page = URL(string: "http://localhost/app")!
        let attributes = CookieAttributes(domain: "localhost", isSecure: false)
        let (device, shell, pushTokens) = await shell(over: host, pageURL: page, cookies: attributes)
        try await whileLoaded(shell) {
            // Loaded once, after the bridge, the permission cookies and the sync were in place.
            #expect(await host.loadedURLs == [page])
            #expect(await host.userScripts.count == 1)
            #expect(await host.hasHandler(named: "zoobox"))
            #expect(await host.allCookies().map(\.name).sorted() == ["p_Camera", "p_Location", "p_Notification"])
            // The pieces run: a change reaches the page and its cookie, a token becomes the cookie.
            await device.answerNextPrompt(for: .camera, with: .granted)
            try await shell.center.request(.camera)
            #expect(await shell.bridge.caughtUp(within: .seconds(30)))
            #expect(await yield { await host.allCookies().first { $0.name == "p_Camera" }?.value == "yes" })
            let token = await pushTokens.registerForRemoteNotifications()
            #expect(await yield { await host.allCookies().first { $0.name == "FCM_token" }?.value == token })
        }
        // Cancelled: the bridge is out of the web view, nothing follows its events, the cookies stay.
        #expect(await host.userScripts.isEmpty)
        #expect(await !host.hasHandler(named: "zoobox"))
        #expect(await yield { host.eventSubscriberCount == 0 })
        let cookies = await host.allCookies().map(\.name).sorted()
        #expect(cookies == ["FCM_token", "p_Camera", "p_Location", "p_Notification"])
        await pushTokens.rotateToken()
        #expect(await host.allCookies().first { $0.name == "FCM_token" }?.value != pushTokens.token)
    }

    /// The shell ends the policy's startup once the page has loaded, so that the page's own requests for lazy
    /// permissions are not held back forever; an app with launch work of its own leaves it to its own call.
    @Test(arguments: [true, false])
    func theShellEndsStartupAtLoadUnlessTheAppKeepsIt(finishesAtLoad: Bool) async throws {
        let host = FakeWebViewHost()
        let page = URL(string: "http://localhost/app")!
        let device = SimulatedDevice()
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.camera], authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
        let policy = PromptPolicy(
            manifest: try PermissionManifest([PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans.")]),
            center: center, logger: quietLogger)
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: page, bridge: .zoobox(allowedOrigins: [try WebOrigin(page.absoluteString)]),
                finishesStartupAtLoad: finishesAtLoad),
            policy: policy, webView: host, location: SimulatedLocation(), haptics: RecordingHaptics(), logger: quietLogger)
        #expect(await policy.isStartingUp)
        try await whileLoaded(shell) {
            #expect(await host.loadedURLs == [page])
            #expect(await policy.isStartingUp == !finishesAtLoad)
            let step = try await policy.nextStep(for: .camera)
            #expect(step == (finishesAtLoad ? .showSystemPrompt : .suppressed(.startup)))
        }
    }

    @Test func aShellCanRunAgainOverTheSameWebView() async throws {
        let host = FakeWebViewHost()
        let page = URL(string: "http://localhost/app")!
        let (_, shell, _) = await shell(over: host, pageURL: page, cookies: CookieAttributes(domain: "localhost", isSecure: false))
        try await whileLoaded(shell) {}
        try await whileLoaded(shell) {
            #expect(await host.loadedURLs == [page, page])
            #expect(await host.userScripts.count == 1)
            #expect(await host.hasHandler(named: "zoobox"))
        }
        #expect(await host.userScripts.isEmpty)
    }

    @Test func aPageThatFailsToLoadTakesTheBridgeOutAndThrows() async throws {
        let host = FakeWebViewHost()
        let (_, shell, _) = await shell(
            over: host, pageURL: URL(string: "http://localhost/app")!,
            cookies: CookieAttributes(domain: "elsewhere.example", isSecure: false))
        // Permission cookies for another site are refused before the page loads.
        await #expect(throws: CookieError.self) { try await shell.run() }
        #expect(await host.loadedURLs.isEmpty)
        #expect(await host.userScripts.isEmpty)
        #expect(await !host.hasHandler(named: "zoobox"))
    }

    @Test(arguments: Engine.available)
    func inABrowserCancellationTakesTheBridgeOutOfTheNextDocument(engine: Engine) async throws {
        let browser = try await BrowserWorld.make(engine, pages: ["/": "<p>app</p>"])
        let page = browser.server.url("/")
        let (_, shell, _) = await shell(over: browser.webView, pageURL: page, cookies: engine.loopbackAttributes())
        try await whileLoaded(shell) { () async throws in
            #expect(try await browser.webView.evaluateJavaScript("typeof ZooboxBridge") == #""object""#)
            #expect(try await browser.webView.evaluateJavaScript("document.cookie.includes('p_Camera=no')") == "true")
        }
        // The removal ran although run()'s task was cancelled (the engine refuses commands from a cancelled task).
        try await browser.webView.load(page)
        #expect(try await browser.webView.evaluateJavaScript("typeof ZooboxBridge") == #""undefined""#)
        #expect(try await browser.webView.evaluateJavaScript("document.cookie.includes('p_Camera=no')") == "true")
        await browser.tearDown()
    }
}
