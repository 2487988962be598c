import Foundation
import Permit
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// The page's own permission requests (`navigator.geolocation`, `getUserMedia`, `Notification`), primers and
/// Settings from the page, and a reset reaching the page: issue 19's acceptance, in a real engine.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct PageRequestsInBrowserTests {
    static let locate = """
        new Promise(resolve => navigator.geolocation.getCurrentPosition(
          p => resolve([p instanceof GeolocationPosition, p.coords.latitude, p.coords.longitude, p.coords.accuracy, p.timestamp].join(' ')),
          e => resolve('error ' + e.code + ' ' + (e instanceof GeolocationPositionError) + ' ' + (e.code === e.PERMISSION_DENIED))))
        """

    static let capture = """
        navigator.mediaDevices.getUserMedia({video: true})
          .then(stream => { const n = stream.getVideoTracks().length; stream.getTracks().forEach(t => t.stop()); return 'stream ' + n; },
                error => error.name)
        """

    @Test(arguments: Engine.available)
    func geolocationShowsThePrimerThenOnePromptThenTheFixAndDeniedAfterARevoke(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        await world.device.answerNextPrompt(for: .location, with: .granted)
        #expect(try await world.evaluate(Self.locate) == .string("true 48.8566 2.3522 7 1700000000000"))
        let primers = await world.primers.shown
        #expect(primers.map(\.kind) == [.location])
        #expect(primers.first?.promptsBefore == 0, "the primer comes before the system prompt")
        #expect(await world.device.promptCount(for: .location) == 1)
        // Asked again: the fix, with no prompt.
        #expect(try await world.evaluate(Self.locate) == .string("true 48.8566 2.3522 7 1700000000000"))
        try await world.revokeInSettings(.location)
        try await world.wait(for: "zooboxPermissions.location", toBe: .string("denied"))
        #expect(try await world.evaluate(Self.locate) == .string("error 1 true true"))
        #expect(await world.device.promptCount(for: .location) == 1)
        #expect(await world.primers.shown.count == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aDeclinedLocationIsNeverAskedAgain(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        await world.device.answerNextPrompt(for: .location, with: .denied)
        #expect(try await world.evaluate(Self.locate) == .string("error 1 true true"))
        #expect(try await world.evaluate(Self.locate) == .string("error 1 true true"))
        #expect(try await world.evaluate("ZooboxBridge.requestPermission('location')") == .string("denied"))
        #expect(await world.device.promptCount(for: .location) == 1)
        #expect(world.location.requestCount == 0, "no fix is read without the permission")
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aWatchGetsTheFixThenPermissionDeniedWhenRevokedAndClearWatchStopsIt(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": """
            <script>
              window.events = [];
              window.watch = navigator.geolocation.watchPosition(
                p => events.push('position ' + p.coords.latitude), e => events.push('error ' + e.code));
              window.cleared = navigator.geolocation.watchPosition(p => events.push('cleared watch'), () => {});
              navigator.geolocation.clearWatch(window.cleared);
            </script>
            """]) { device in
            await device.setStatus(.granted, for: .location)
        }
        try await world.load()
        try await world.wait(for: "events.length", toBe: .integer(1))
        #expect(try await world.evaluate("[typeof watch, watch > 0, watch !== cleared]") == .array([.string("number"), .bool(true), .bool(true)]))
        try await world.revokeInSettings(.location)
        try await world.wait(for: "events.length", toBe: .integer(2))
        #expect(try await world.evaluate("events") == .array([.string("position 48.8566"), .string("error 1")]))
        #expect(await world.device.totalPromptCount == 0)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func getUserMediaResolvesOnlyWhileTheCameraIsGranted(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        // Never asked: the page's request goes through the policy, to one system prompt.
        await world.device.answerNextPrompt(for: .camera, with: .denied)
        #expect(try await world.evaluate(Self.capture) == .string("NotAllowedError"))
        #expect(try await world.evaluate(Self.capture) == .string("NotAllowedError"))
        #expect(await world.device.promptCount(for: .camera) == 1)
        // Allowed in Settings (iOS would relaunch the app; here the app sees it when active again).
        await world.device.setStatus(.granted, for: .camera)
        await world.device.moveToBackground()
        try await world.device.moveToForeground()
        try await world.wait(for: "zooboxPermissions.camera", toBe: .string("granted"))
        #expect(try await world.evaluate(Self.capture) == .string("stream 1"))
        #expect(await world.device.promptCount(for: .camera) == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aNeverAskedCameraGrantedAtThePromptGivesAStream(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        await world.device.answerNextPrompt(for: .camera, with: .granted)
        #expect(try await world.evaluate(Self.capture) == .string("stream 1"))
        #expect(await world.device.promptCount(for: .camera) == 1)
        #expect(try await world.evaluate("navigator.permissions.query({name: 'camera'}).then(s => s.state)") == .string("granted"))
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func notificationFollowsAndRequestsTheNativePermission(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        #expect(try await world.evaluate("Notification.permission") == .string("default"))
        await world.device.answerNextPrompt(for: .notifications, with: .granted)
        let answered = try await world.evaluate("""
            new Promise(resolve => { let fromCallback;
              Notification.requestPermission(value => { fromCallback = value; })
                .then(value => setTimeout(() => resolve([value, fromCallback, Notification.permission]), 0)); })
            """)
        #expect(answered == .array([.string("granted"), .string("granted"), .string("granted")]))
        #expect(await world.device.promptCount(for: .notifications) == 1)
        try await world.revokeInSettings(.notifications)
        try await world.wait(for: "Notification.permission", toBe: .string("denied"))
        #expect(try await world.evaluate("Notification.requestPermission()") == .string("denied"))
        #expect(await world.device.promptCount(for: .notifications) == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aPageSpammingEveryAPIGetsOnePromptPerPermission(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        await world.device.setUnscriptedPromptAnswer(.granted)
        // A hundred concurrent calls of each API, one API after the other: the policy shows one prompt at a time,
        // and holds back a request for another kind while a prompt is on screen.
        let answers = try await world.evaluate("""
            (async () => {
              const many = make => Promise.all(Array.from({length: 100}, make)).then(all => [...new Set(all)]);
              return [
                ...await many(() => new Promise(resolve => navigator.geolocation.getCurrentPosition(() => resolve('position'), e => resolve('error ' + e.code)))),
                ...await many(() => navigator.mediaDevices.getUserMedia({video: true}).then(s => { s.getTracks().forEach(t => t.stop()); return 'stream'; }, e => e.name)),
                ...await many(() => Notification.requestPermission()),
              ];
            })()
            """)
        #expect(answers == .array([.string("position"), .string("stream"), .string("granted")]))
        #expect(await world.device.promptCount(for: .location) == 1)
        #expect(await world.device.promptCount(for: .camera) == 1)
        #expect(await world.device.promptCount(for: .notifications) == 1)
        #expect(await world.primers.shown.count == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func openSettingsReachesTheAppAndFailsWithoutAnOpener(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        #expect(try await world.evaluate("ZooboxBridge.openSettings()") == .bool(true))
        #expect(await world.settings.opened == 1)
        await world.tearDown()

        let without = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"], opensSettings: false)
        try await without.load()
        #expect(try await without.evaluate("ZooboxBridge.openSettings().then(() => 'opened', e => e.code)") == .string("unavailable"))
        await without.tearDown()
    }

    @Test(arguments: Engine.available)
    func aResetReachesThePageAsAChangeToPrompt(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": """
            <script>
              window.changes = [];
              navigator.permissions.query({name: 'geolocation'}).then(s => { s.onchange = () => changes.push(s.state); });
            </script>
            """]) { device in
            await device.setStatus(.granted, for: .location)
        }
        try await world.load()
        #expect(try await world.evaluate("navigator.permissions.query({name: 'geolocation'}).then(s => s.state)") == .string("granted"))
        #expect(await world.device.reset(.location) == .appKeptRunning)
        try await world.wait(for: "changes.length", toBe: .integer(1))
        #expect(try await world.evaluate("[changes, zooboxPermissions.location]") == .array([.array([.string("prompt")]), .string("notDetermined")]))
        await world.tearDown()
    }
}
