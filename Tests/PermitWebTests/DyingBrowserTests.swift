import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// Issue 9, on every engine: the web content killed as the OS kills it (Chromium's whole process group with
/// SIGKILL; WebKit's web process through `webkit_web_view_terminate_web_process`)
/// during a permission request, during cookie writes and during a page load. Each time the host restarts the
/// browser, the work under way completes or is redone, cookies and the bridge's statuses are re-synced into the
/// new browser, and nothing persisted is lost.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct DyingBrowserTests {
    @Test(arguments: Engine.available)
    func killedDuringAPermissionRequestTheRequestCompletesAndIsPersistedAndShownAfterTheRestart(engine: Engine) async throws {
        let folder = try TemporaryFolder()
        let storeURL = folder.url.appendingPathComponent("permissions.json")
        let world = try await BridgeWorld.make(
            engine,
            pages: ["/": "<p>app</p>"], store: FilePermissionStore(url: storeURL, logger: quietLogger))
        let events = EventLog(following: world.webView.events())
        try await world.load("/")
        await world.device.setHoldsPrompts(true)
        #expect(try await world.evaluate("window.pending = ZooboxBridge.requestPermission('camera'); 'asked'") == .string("asked"))
        #expect(await eventually { await world.device.pendingPromptCount(for: .camera) == 1 }, "the prompt is up")
        let pid = await world.webView.webContentProcessID()

        try await world.webView.killWebContent()
        // The user answers while the browser is dead or restarting: the native request goes on without it.
        #expect(await world.device.answerPendingPrompt(for: .camera, with: .granted) == 1)
        await events.wait(for: .restarted)

        #expect(await eventually { await world.center.state(for: .camera)?.status == .granted })
        let persisted = try await FilePermissionStore(url: storeURL, logger: quietLogger).load()
        #expect(persisted.records[.camera]?.status == .granted, "the answer is on disk")
        if let pid {
            #expect(try #require(await world.webView.webContentProcessID()) != pid)
        }
        #expect(await eventually { (try? await world.evaluate("zooboxPermissions.camera")) == .string("granted") })
        // Asking again answers from the state: still one prompt in all.
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('camera')") == .string("granted"))
        #expect(await world.device.promptCount(for: .camera) == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func killedDuringCookieWritesTheLastValueIsInTheRestartedBrowserAndThePage(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>page</p>"])
        let events = EventLog(following: world.webView.events())
        let sync = CookieSync(store: world.webView.cookieStore, siteHost: "localhost", logger: quietLogger)
        let syncEvents = world.webView.events()
        try await whileRunning({ await sync.run(following: syncEvents) }) {
            try await world.webView.load(world.server.url("/"))
            let attributes = engine.loopbackAttributes()
            let writes = 40
            let writer = Task {
                var failed = 0
                for n in 1...writes {
                    do { try await sync.set("FCM_token", value: "t\(n)", attributes: attributes) } catch { failed += 1 }
                }
                return failed
            }
            // Killed once the writes are under way.
            #expect(await eventually { (try? await world.webView.allCookies())?.contains { $0.name == "FCM_token" } == true })
            try await world.webView.killWebContent()
            // Writes sent between the kill and the moment the web view notices it fail (disconnected): on a
            // loaded machine that can be every one of them. A write sent once the web view reported the
            // termination waits for the restart and succeeds.
            await events.wait(until: \.isTermination)
            let afterNoticed = Task {
                try await sync.set("late", value: "1", attributes: attributes)
            }
            await events.wait(for: .restarted)
            _ = await writer.value  // every write came back: none hung
            _ = try await afterNoticed.value

            // The last value written, failed or not, is what the restarted browser and the page hold.
            #expect(await eventually {
                (try? await world.webView.allCookies())?.first { $0.name == "FCM_token" }?.value == "t\(writes)"
            })
            // In the order each engine keeps them.
            #expect(
                try await world.webView.evaluateJavaScript("document.cookie.split('; ').sort().join('; ')")
                    == "\"FCM_token=t\(writes); late=1\"")
            #expect(try await sync.synchronize().isEmpty, "the restarted browser already holds what the sync keeps")
        }
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func killedDuringAPageLoadTheRestartedBrowserLoadsThePageWithTheBridgeStateAndCookies(engine: Engine) async throws {
        let folder = try TemporaryFolder()
        let storeURL = folder.url.appendingPathComponent("permissions.json")
        // An image from a server that never answers holds the page's load event until the browser dies.
        let stalled = try StalledServer()
        let world = try await BridgeWorld.make(
            engine,
            pages: [
                "/": "<p>app</p>",
                "/slow": "<script>window.marker = 'slow';</script><img src='http://localhost:\(stalled.port)/never'>",
            ],
            store: FilePermissionStore(url: storeURL, logger: quietLogger))
        let events = EventLog(following: world.webView.events())
        let sync = CookieSync(store: world.webView.cookieStore, siteHost: "localhost", logger: quietLogger)
        let syncEvents = world.webView.events()
        try await whileRunning({ await sync.run(following: syncEvents) }) {
            try await sync.set("FCM_token", value: "kept", attributes: engine.loopbackAttributes())
            await world.device.answerNextPrompt(for: .camera, with: .granted)
            try await world.center.request(.camera)
            try await world.load("/")

            let slow = world.browser.server.url("/slow")
            let loading = Task { try await world.webView.load(slow) }
            await events.wait(for: .navigated(slow))
            #expect(try await world.evaluate("document.readyState") != .string("complete"), "the page is still loading")
            try await world.webView.killWebContent()
            // From now on the image fails at once, so the restarted browser's reload can finish.
            stalled.stopListening()
            // The load under way fails with the disconnection; it never hangs, and the restart loads the page again.
            do {
                try await loading.value
                Issue.record("the load under way completed")
            } catch {
                #expect(WebViewError.webContentTerminated ~= error, "\(error)")
            }
            await events.wait(for: .restarted)

            #expect(try await world.evaluate("[location.pathname, window.marker]") == .array([.string("/slow"), .string("slow")]))
            #expect(try await world.evaluate("zooboxPermissions.camera") == .string("granted"))
            #expect(await eventually { (try? await world.evaluate("document.cookie")) == .string("FCM_token=kept") })
            #expect(try await FilePermissionStore(url: storeURL, logger: quietLogger).load().records[.camera]?.status == .granted)
        }
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func killedAfterAGrantTheRestartedBrowserStillLetsThePageCapture(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"])
        let events = EventLog(following: world.webView.events())
        await world.device.answerNextPrompt(for: .camera, with: .granted)
        try await world.center.request(.camera)
        try await world.load("/")
        let capture = """
            navigator.mediaDevices.getUserMedia({video: true})
              .then(stream => { stream.getTracks().forEach(t => t.stop()); return 'stream'; }, error => error.name)
            """
        #expect(await eventually { (try? await world.evaluate(capture)) == .string("stream") })
        try await world.webView.killWebContent()
        await events.wait(for: .restarted)
        // Chromium: the permission was set in the dead browser and the web view sets it again in the new one;
        // WebKitGTK: the decision lives in the host, which outlives the web process.
        #expect(try await world.evaluate(capture) == .string("stream"))
        #expect(await world.device.promptCount(for: .camera) == 1)
        await world.tearDown()
    }
}

/// Polls `condition` every 10 ms until it holds or `timeout` has passed.
func eventually(timeout: Duration = .seconds(20), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}

/// A temporary folder, removed when released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("permit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A loopback TCP port that accepts connections (the kernel completes them into the backlog) and never answers.
final class StalledServer {
    let port: Int
    private var socketFD: Int32

    init() throws {
        #if os(Linux)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { _ = close(fd) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        socketFD = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Stops listening: connections are refused from now on.
    func stopListening() {
        guard socketFD >= 0 else { return }
        _ = close(socketFD)
        socketFD = -1
    }

    deinit { stopListening() }
}
