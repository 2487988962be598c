import Foundation
import Permit
import PermitSupport
import PermitTesting
import Testing

@testable import PermitWeb

/// The person's return from Settings reaches the page: its `settingsReturn` property from document start, and one
/// `permitsettingsreturn` event after the load, with the intent the page gave `openSettings`; once, on each engine.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct SettingsReturnInBrowserTests {
    /// Records the page's returns: the property its first script saw, and each event.
    static let recorder = """
        <script>
          window.atStart = ZooboxBridge.settingsReturn ? ZooboxBridge.settingsReturn.kind : null;
          window.returns = [];
          addEventListener('permitsettingsreturn', (event) => returns.push(event.detail));
        </script>
        <p>app</p>
        """

    /// The page opens Settings with its intent; the person turns location on there and comes back (the app kept
    /// running): one event, with the intent, the statuses before and after and the time away. A reload then has
    /// no return: it reached the page once.
    @Test(arguments: Engine.available)
    func aReturnReachesTheLoadedPageOnceWithThePagesIntent(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.recorder])
        try await world.load()
        #expect(try await world.evaluate(
            #"ZooboxBridge.openSettings({kind: 'location', feature: 'map', payload: '{"zoom":3}'})"#) == .bool(true))
        await world.device.moveToBackground()
        await world.device.changeInSettings(.location, to: .granted)
        try await world.device.moveToForeground()
        try await world.wait(for: "returns.length", toBe: .integer(1))
        let back = try #require(try await world.evaluate("returns[0]"))
        #expect(back["kind"] == .string("location") && back["feature"] == .string("map"))
        #expect(back["payload"] == .string(#"{"zoom":3}"#))
        #expect(back["before"] == .string("notDetermined") && back["after"] == .string("granted"))
        #expect(back["changed"] == .bool(true) && back["processWasTerminated"] == .bool(false))
        #expect(back["durationMs"]?.integerValue.map { $0 >= 0 } == true)
        #expect(try await world.evaluate("ZooboxBridge.settingsReturn.kind") == .string("location"))

        // The page said it saw it: the next document does not get it again.
        try await waitUntil { await world.bridge.settingsReturnScriptID == nil }
        try await world.load()
        #expect(try await world.evaluate("[window.atStart, ZooboxBridge.settingsReturn]") == .array([.null, .null]))
        // Loaded: an event would have been dispatched by the next task.
        #expect(try await world.evaluate("new Promise((resolve) => setTimeout(() => resolve(returns.length), 0))") == .integer(0))
        await world.tearDown()
    }

    /// A return reported before the page loaded (the relaunch after iOS terminated the app loads the page after
    /// the center's launch) is the page's from its first script, and its event comes once after the load.
    @Test(arguments: Engine.available)
    func aDocumentLoadedAfterTheReturnHasItFromItsFirstScript(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.recorder])
        try await world.center.recordSettingsIntent(SettingsIntent(kind: .location, feature: "map"))
        await world.device.moveToBackground()
        try await world.device.moveToForeground()
        try await waitUntil { await world.bridge.settingsReturnScriptID != nil }
        try await world.load()
        #expect(try await world.evaluate("window.atStart") == .string("location"))
        try await world.wait(for: "returns.length", toBe: .integer(1))
        #expect(try await world.evaluate("[returns[0].changed, returns[0].feature]") == .array([.bool(false), .string("map")]))
        await world.tearDown()
    }

    /// A bad intent is refused, with invalidParams or unknownPermission (a kind the app does not track), and
    /// opens nothing.
    @Test(arguments: Engine.available)
    func aBadIntentIsRefused(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        let refusals = [
            "{kind: 5}": "invalidParams", "{kind: 'nope'}": "unknownPermission", "{kind: 'camera', payload: {}}": "invalidParams",
            "{kind: 'camera', payload: 'x'.repeat(5000)}": "invalidParams", "null": "invalidParams",
            "{feature: 'scan'}": "invalidParams", "{kind: 'microphone'}": "unknownPermission",
        ]
        for (intent, code) in refusals {
            #expect(try await world.evaluate("ZooboxBridge.openSettings(\(intent)).then(() => 'opened', (e) => e.code)")
                == .string(code), "\(intent)")
        }
        #expect(await world.settings.opened == 0)
        await world.tearDown()
    }

    /// Polls `condition` until it holds, for up to five seconds.
    private func waitUntil(_ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
