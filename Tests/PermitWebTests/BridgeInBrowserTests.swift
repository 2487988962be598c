import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// Issue 4's acceptance, in real headless Chromium with pages served over loopback.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct BridgeInBrowserTests {
    static let recorder = """
        <script>
          window.first = JSON.stringify(window.zooboxPermissions);
          window.firstGranted = window.ZooboxBridge.isPermissionGranted('camera');
          window.early = window.ZooboxBridge.requestPermission('location');
        </script>
        <p>recorder</p>
        """

    @Test(arguments: Engine.available) func theFirstInlineScriptSeesEveryStatusAndAnswersSynchronously(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": Self.recorder]) { device in
            await device.setStatus(.granted, for: .camera)
            await device.setStatus(.denied, for: .location)
        }
        try await world.load("/")
        #expect(try await world.evaluate("window.first")
            == .string(#"{"camera":"granted","location":"denied","notifications":"notDetermined"}"#))
        #expect(try await world.evaluate("window.firstGranted") == .bool(true))
        #expect(try await world.evaluate("ZooboxBridge.isPermissionGranted('location')") == .bool(false))
        // A call made before the bridge finished its handshake was queued, then answered.
        #expect(try await world.evaluate("window.early") == .string("denied"))
        #expect(await world.device.totalPromptCount == 0)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aRequestResolvesWithTheUsersAnswerAndADeniedKindDoesNotPromptAgain(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"])
        try await world.load("/")
        await world.device.answerNextPrompt(for: .camera, with: .denied)
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('camera')") == .string("denied"))
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('camera')") == .string("denied"))
        #expect(await world.device.promptCount(for: .camera) == 1)
        #expect(try await world.evaluate("zooboxPermissions.camera") == .string("denied"))
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aThousandRequestsFromThePageCauseAtMostOnePrompt(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"])
        try await world.load("/")
        await world.device.setUnscriptedPromptAnswer(.granted)
        let results = try await world.evaluate("""
            Promise.all(Array.from({length: 1000}, () => ZooboxBridge.requestPermission('camera')))
              .then(all => [all.length, new Set(all).size, all[0]])
            """)
        #expect(results == .array([.integer(1000), .integer(1), .string("granted")]))
        #expect(await world.device.promptCount(for: .camera) == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aSettingsChangeThenActivationFiresTheUpdateEventAndAW3CChangeEvent(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: [
            "/": """
                <script>
                  window.nextUpdate = new Promise(resolve => addEventListener('zooboxPermissionsUpdate',
                      event => resolve(JSON.stringify(event.detail)), {once: true}));
                  window.nextChange = navigator.permissions.query({name: 'notifications'}).then(status =>
                      [status.state, new Promise(resolve => status.onchange = () => resolve(status.state))]);
                </script>
                """
        ]) { device in
            await device.setStatus(.granted, for: .notifications)
        }
        try await world.load("/")
        #expect(try await world.evaluate("window.nextChange.then(pair => pair[0])") == .string("granted"))
        await world.device.moveToBackground()
        _ = await world.device.changeInSettings(.notifications, to: .denied)
        try await world.device.moveToForeground()
        #expect(try await world.evaluate("window.nextUpdate")
            == .string(#"{"camera":"notDetermined","location":"notDetermined","notifications":"denied"}"#))
        #expect(try await world.evaluate("window.nextChange.then(pair => pair[1])") == .string("denied"))
        #expect(try await world.evaluate("zooboxPermissions.notifications") == .string("denied"))
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aDocumentLoadedAfterAChangeStartsWithItBeforeItsFirstScript(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>", "/recorder": Self.recorder]) { device in
            await device.setStatus(.granted, for: .notifications)
        }
        try await world.load("/")
        for (run, status) in [PermissionStatus.denied, .granted, .denied].enumerated() {
            await world.device.moveToBackground()
            _ = await world.device.changeInSettings(.notifications, to: status)
            try await world.device.moveToForeground()
            // The change reaches the bridge through its stream, after the refresh returned: wait for it.
            #expect(await world.router.caughtUp(within: .seconds(30)), "change \(run + 1) never reached the bridge")
            try await world.load("/recorder")
            // Read by the page's first inline script, before the handshake could have told it anything.
            let first = try #require(try await world.evaluate("window.first")?.stringValue)
            #expect(first.contains(#""notifications":"\#(status.bridgeStatus.rawValue)""#), "change \(run + 1): \(first)")
        }
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func navigatorPermissionsAnswersKnownNamesAndRejectsOthersWithATypeError(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"]) { device in
            await device.setStatus(.granted, for: .location)
            await device.setStatus(.denied, for: .camera)
        }
        try await world.load("/")
        let states = try await world.evaluate("""
            Promise.all(['geolocation', 'camera', 'notifications', 'push', 'microphone']
              .map(name => navigator.permissions.query({name, userVisibleOnly: true}).then(s => name + '=' + s.state)))
            """)
        // Microphone is not tracked by this app: the engine answers it.
        #expect(states == .array(["geolocation=granted", "camera=denied", "notifications=prompt", "push=prompt", "microphone=prompt"].map(JSONValue.string)))
        #expect(try await world.evaluate("""
            navigator.permissions.query({name: 'bogus'}).then(() => 'resolved', e => (e instanceof TypeError) + ':' + e.name)
            """) == .string("true:TypeError"))
        // The public objects are frozen: a page cannot replace or change them.
        #expect(try await world.evaluate("""
            (() => { try { ZooboxBridge.requestPermission = null } catch (e) {}
                     try { window.ZooboxBridge = {} } catch (e) {}
                     try { window.zooboxPermissions.camera = 'granted' } catch (e) {}
                     return [typeof ZooboxBridge.requestPermission, zooboxPermissions.camera, Object.isFrozen(ZooboxBridge)] })()
            """) == .array([.string("function"), .string("denied"), .bool(true)]))
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func locationAndHapticsReachTheDevice(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"]) { device in
            await device.setStatus(.granted, for: .location)
        }
        world.location.setFix(LocationFix(latitude: 52.52, longitude: 13.405, accuracy: 5, timestamp: Date(timeIntervalSince1970: 1_800_000_000)))
        try await world.load("/")
        #expect(try await world.evaluate("ZooboxBridge.getCurrentLocation().then(f => [f.latitude, f.longitude])")
            == .array([.number(52.52), .number(13.405)]))
        #expect(try await world.evaluate("ZooboxBridge.hapticFeedback('heavy').then(() => 'done')") == .string("done"))
        #expect(try await world.evaluate("ZooboxBridge.hapticFeedback('loud').catch(e => e.code)") == .string("invalidParams"))
        #expect(await world.haptics.played == [.heavy])
        await world.tearDown()
    }

    // MARK: - Security

    @Test(arguments: Engine.available) func aCrossOriginIframeGetsErrorsSeesNothingAndCausesNoPrompt(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, 
            pages: ["/": """
                <script>
                  window.codes = new Promise(resolve => addEventListener('message', e => resolve(e.data)));
                </script>
                <iframe src="FRAME"></iframe>
                """],
            foreignPages: ["/frame": """
                <script>
                  Promise.allSettled([
                    ZooboxBridge.requestPermission('camera'),
                    window.webkit.messageHandlers.zoobox.postMessage(JSON.stringify({v: 1, id: 1, method: 'hello'}))
                      .then(text => Promise.reject({code: JSON.parse(text).error.code}))
                  ]).then(results => parent.postMessage(JSON.stringify({
                    codes: results.map(r => r.reason && r.reason.code),
                    statuses: JSON.stringify(window.zooboxPermissions)
                  }), '*'));
                </script>
                """])
        await world.device.setUnscriptedPromptAnswer(.granted)
        world.browser.pages["/"] = world.browser.pages["/"]!.replacingOccurrences(of: "FRAME", with: world.foreign.origin + "/frame")
        try await world.load("/")
        let report = try #require(try await world.evaluate("window.codes")?.stringValue)
        let decoded = try JSONValue.parse(Data(report.utf8))
        #expect(decoded["codes"] == .array([.string("notMainFrame"), .string("notMainFrame")]))
        #expect(decoded["statuses"] == .string("{}"))
        #expect(await world.device.totalPromptCount == 0)
        #expect(await world.center.state(for: .camera)?.status == .notDetermined)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aPageOnAnotherOriginGetsErrorsAndCausesNoPrompt(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: [:], foreignPages: ["/": "<p>elsewhere</p>"])
        await world.device.setUnscriptedPromptAnswer(.granted)
        try await world.webView.load(world.foreign.url("/"))
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('camera').catch(e => e.code)") == .string("forbiddenOrigin"))
        #expect(await world.device.totalPromptCount == 0)
        #expect(await world.center.state(for: .camera)?.status == .notDetermined)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func malformedOversizedAndWronglyTypedMessagesGetTypedErrors(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"])
        try await world.load("/")
        await world.device.setUnscriptedPromptAnswer(.granted)
        let codes = try await world.evaluate("""
            Promise.all([
              'not json',
              JSON.stringify({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera', pad: 'x'.repeat(20000)}}),
              JSON.stringify({v: 1, id: '1', method: 'requestPermission', params: {type: 'camera'}}),
              JSON.stringify({v: 1, id: 2, method: 'requestPermission', params: {type: ['camera']}}),
              JSON.stringify({v: 1, id: 3, method: 'eraseDevice'}),
            ].map(body => window.webkit.messageHandlers.zoobox.postMessage(body).then(text => JSON.parse(text).error.code)))
            """)
        #expect(codes == .array(["malformed", "tooLarge", "malformed", "invalidParams", "unknownMethod"].map(JSONValue.string)))
        #expect(await world.device.totalPromptCount == 0)
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func nothingLeavesTheMachine(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine)
        for url in ["http://example.com/", "http://192.0.2.1/", "https://8.8.8.8/"] {
            do {
                try await world.webView.load(URL(string: url)!)
                Issue.record("\(url) loaded")
            } catch {
                #expect(WebViewError.navigationFailed ~= error, "\(url): \(error)")
            }
        }
        await world.tearDown()
    }

    // MARK: - A dying browser

    @Test(arguments: Engine.available)
    func afterTheWebContentIsKilledTheHostRestartsItAndReappliesScriptsHandlersAndCookies(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": Self.recorder])
        let events = EventLog(following: world.webView.events())
        try await world.load("/")
        await world.device.answerNextPrompt(for: .camera, with: .granted)
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('camera')") == .string("granted"))
        try await world.webView.setCookie(
            Cookie(name: "FCM_token", value: "t1", domain: "localhost", isSecure: engine.traits.sendsSecureCookiesToLoopbackHTTP))
        let pid = await world.webView.webContentProcessID()

        try await world.webView.killWebContent()
        await events.wait(for: .restarted)
        #expect(events.all.contains { $0.isTermination })
        if let pid {
            #expect(try #require(await world.webView.webContentProcessID()) != pid)
        }
        // The page was reloaded with the bridge script of the current statuses, and the handler answers.
        #expect(try await world.evaluate("location.pathname") == .string("/"))
        #expect(try await world.evaluate("window.first")
            == .string(#"{"camera":"granted","location":"notDetermined","notifications":"notDetermined"}"#))
        await world.device.answerNextPrompt(for: .notifications, with: .granted)
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('notifications')") == .string("granted"))
        // The cookie set before the crash (never flushed to disk) is back.
        #expect(try await world.evaluate("document.cookie") == .string("FCM_token=t1"))
        await world.tearDown()
        if let pid {
            #expect(kill(-pid, 0) == -1, "the killed browser's group is gone")
        }
    }

    @Test(arguments: Engine.available) func closingDuringARestartLeavesNoBrowser(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>page</p>"])
        let events = EventLog(following: world.webView.events())
        try await world.webView.load(world.server.url("/"))
        let pid = await world.webView.webContentProcessID()
        try await world.webView.killWebContent()
        await events.wait(until: \.isTermination)
        let restarting = await world.webView.webContentProcessID()
        await world.webView.close()
        #expect(await world.webView.webContentProcessID() == nil)
        #expect(pgrep("permit-chromium-").isEmpty || !pgrep("permit-chromium-").contains { $0 == restarting })
        await #expect(throws: (any Error).self, "a closed web view runs nothing") {
            try await world.webView.evaluateJavaScript("1")
        }
        if let restarting, restarting != pid {
            #expect(kill(-restarting, 0) == -1, "the browser started by the restart is gone")
        }
        await world.server.stop()
    }

    // MARK: - Hostile pages

    @Test(arguments: Engine.available) func aForeignPageSeesNoStatusesAndGetsNoUpdates(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: [:], foreignPages: ["/": "<script>window.first = JSON.stringify(window.zooboxPermissions)</script>"]) { device in
            await device.setStatus(.granted, for: .camera)
        }
        try await world.webView.load(world.foreign.url("/"))
        #expect(try await world.evaluate("window.first") == .string("{}"))
        await world.device.answerNextPrompt(for: .location, with: .granted)
        try await world.center.request(.location)
        #expect(try await world.evaluate("JSON.stringify(window.zooboxPermissions)") == .string("{}"))
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aPageCannotForgeAPushOrAReply(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<p>app</p>"])
        try await world.load("/")
        #expect(try await world.evaluate("""
            (() => { try { window.__permitBridge_zoobox('guess', {statuses: {camera: 'granted'}}); } catch (e) {}
                     try { Object.defineProperty(window, '__permitBridge_zoobox', {value: () => {}}); } catch (e) {}
                     return zooboxPermissions.camera; })()
            """) == .string("notDetermined"))
        await world.device.answerNextPrompt(for: .camera, with: .denied)
        #expect(try await world.evaluate("""
            (() => { const pending = ZooboxBridge.requestPermission('camera');
                     for (let n = 0; n < 50; n++) { try { window.__permitHostReply('guess', n, '{"id":1,"result":"granted"}', false); } catch (e) {} }
                     return pending; })()
            """) == .string("denied"))
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func anAlertDoesNotBlockTheBridge(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": "<script>alert('hello'); window.afterAlert = confirm('sure?');</script>"])
        try await world.load("/")
        #expect(try await world.evaluate("window.afterAlert") == .bool(false))
        await world.device.answerNextPrompt(for: .camera, with: .granted)
        #expect(try await world.evaluate("setTimeout(() => alert('again'), 0); ZooboxBridge.requestPermission('camera')") == .string("granted"))
        await world.tearDown()
    }

    @Test(arguments: Engine.available) func aThrowingChangeHandlerDoesNotStopLaterUpdates(engine: Engine) async throws {
        let world = try await BridgeWorld.make(engine, pages: ["/": """
            <script>
              navigator.permissions.query({name: 'camera'}).then(s => { s.onchange = () => { throw new Error(String.fromCharCode(0xD800)) } });
              addEventListener('zooboxPermissionsUpdate', () => { throw new Error(String.fromCharCode(0xD800)) });
            </script>
            """])
        try await world.load("/")
        _ = try await world.evaluate("navigator.permissions.query({name: 'camera'}).then(s => s.state)")
        await world.device.answerNextPrompt(for: .camera, with: .granted)
        try await world.center.request(.camera)
        await world.device.answerNextPrompt(for: .location, with: .granted)
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('location')") == .string("granted"))
        let seen = try await world.evaluate("[zooboxPermissions.camera, zooboxPermissions.location]")
        #expect(seen == .array([.string("granted"), .string("granted")]))
        await world.tearDown()
    }
}

func pgrep(_ pattern: String) -> [Int32] {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { entry -> Int32? in
        guard let pid = Int32(entry),
            let command = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8),
            command.contains(pattern)
        else { return nil }
        return pid
    } ?? []
}

/// The events of a web view, recorded as they come, for tests that wait for one.
final class EventLog: @unchecked Sendable {
    // @unchecked: `events` and `waiters` are only touched while holding `lock`.
    private let lock = NSLock()
    private var events: [WebViewEvent] = []
    private var waiters: [(@Sendable (WebViewEvent) -> Bool, CheckedContinuation<Void, Never>)] = []
    private var follower: Task<Void, Never>?

    /// Records every event of `stream` from now on, until the log is released.
    init(following stream: WebViewEvents) {
        follower = Task { [weak self] in
            for await event in stream { self?.append(event) }
        }
    }

    deinit { follower?.cancel() }

    func append(_ event: WebViewEvent) {
        let ready = lock.withLock {
            events.append(event)
            let ready = waiters.filter { $0.0(event) }.map(\.1)
            waiters.removeAll { $0.0(event) }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    var all: [WebViewEvent] { lock.withLock { events } }

    /// Returns once `event` has been seen (at once if it already was); the suite's time limit bounds the wait.
    func wait(for event: WebViewEvent) async {
        await wait(until: { $0 == event })
    }

    /// Returns once an event that `matches` has been seen (at once if one already was).
    func wait(until matches: @escaping @Sendable (WebViewEvent) -> Bool) async {
        await withCheckedContinuation { continuation in
            let seen = lock.withLock {
                if events.contains(where: matches) { return true }
                waiters.append((matches, continuation))
                return false
            }
            if seen { continuation.resume() }
        }
    }
}

extension WebViewEvent {
    /// Whether the event is a termination, whatever its reason (each engine words its own).
    var isTermination: Bool {
        if case .terminated = self { true } else { false }
    }
}
