import Foundation
import Permit
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// `watchPosition` as the page asked for it, in a real engine: fixes streamed from the device as it moves until
/// `clearWatch`, one native stream per document, stopped by the last `clearWatch`, a revoke, a navigation; the
/// provider failing mid-watch; `enableHighAccuracy` upgrading approximate location with the declared key.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct GeolocationWatchInBrowserTests {
    /// A page that records what each of its watches receives in `events`: `id latitude` or `id error code`.
    static let page = """
        <script>
          window.events = [];
          window.follow = function (options) {
            var id = navigator.geolocation.watchPosition(
              function (p) { events.push(id + ' ' + p.coords.latitude + (p instanceof GeolocationPosition ? '' : ' not a position')); },
              function (e) { events.push(id + ' error ' + e.code); }, options);
            return id;
          };
        </script>
        """

    static func fix(_ step: Int) -> LocationFix {
        LocationFix(latitude: 48 + Double(step), longitude: 2, accuracy: 7, timestamp: Date(timeIntervalSince1970: 1_700_000_000))
    }

    static func granted(_ device: SimulatedDevice) async { await device.setStatus(.granted, for: .location) }

    @Test(arguments: Engine.available)
    func aWatchReceivesEachFixAsTheDeviceMovesUntilClearWatch(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.page], configure: Self.granted)
        try await world.load()
        world.location.setFix(Self.fix(0))
        let id = try #require(try await world.evaluate("follow()")?.integerValue)
        try await world.wait(for: "events.length", toBe: .integer(1))
        for step in 1...3 {
            world.location.setFix(Self.fix(step))
            try await world.wait(for: "events.length", toBe: .integer(Int64(step + 1)))
        }
        #expect(try await world.evaluate("events") == .array((0...3).map { .string("\(id) \(48 + $0)") }))
        #expect(world.location.activeUpdateCount == 1)
        _ = try await world.evaluate("navigator.geolocation.clearWatch(\(id))")
        #expect(await waitUntil(world) { world.location.activeUpdateCount == 0 }, "clearWatch stops the native stream")
        world.location.setFix(Self.fix(9))
        // No stream follows the device now: nothing can reach the page.
        #expect(world.location.activeUpdateCount == 0)
        #expect(try await world.evaluate("events.length") == .integer(4), "no fix after clearWatch")
        #expect(await world.device.totalPromptCount == 0)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func manyWatchesShareOneStreamAndBogusIdsClearNothing(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.page], configure: Self.granted)
        try await world.load()
        let ids = try await world.evaluate("[follow(), follow(), follow(), follow(), follow()]")
        try await world.wait(for: "events.length", toBe: .integer(5))
        for bogus in ["0", "-1", "'x'", "999", "undefined", "null", "{}"] {
            _ = try await world.evaluate("navigator.geolocation.clearWatch(\(bogus)); 0")
        }
        world.location.setFix(Self.fix(1))
        try await world.wait(for: "events.length", toBe: .integer(10))
        #expect(world.location.updateStreamCount == 1, "one native stream for every watch of the page")
        #expect(world.location.activeUpdateCount == 1)
        // Clearing all but one keeps the stream; clearing the last stops it.
        _ = try await world.evaluate("\(ids?.jsonText ?? "[]").slice(0, 4).forEach(id => navigator.geolocation.clearWatch(id)); 0")
        world.location.setFix(Self.fix(2))
        try await world.wait(for: "events.length", toBe: .integer(11))
        #expect(try await world.evaluate("events[10].split(' ')[1]") == .string("50"))
        #expect(world.location.activeUpdateCount == 1)
        _ = try await world.evaluate("navigator.geolocation.clearWatch(\(ids?.jsonText ?? "[]")[4]); 0")
        #expect(await waitUntil(world) { world.location.activeUpdateCount == 0 })
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aProviderFailingMidWatchReachesEachWatchAndANewWatchStartsAgain(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.page], configure: Self.granted)
        try await world.load()
        let first = try #require(try await world.evaluate("follow()")?.integerValue)
        try await world.wait(for: "events.length", toBe: .integer(1))
        world.location.setFailure(.unavailable)
        try await world.wait(for: "events.length", toBe: .integer(2))
        #expect(try await world.evaluate("events[1]") == .string("\(first) error 2"), "POSITION_UNAVAILABLE")
        #expect(world.location.activeUpdateCount == 0)
        // The watch is not ended by the failure: a new watch starts the stream again, and both follow it.
        world.location.setFailure(nil)
        let second = try #require(try await world.evaluate("follow()")?.integerValue)
        try await world.wait(for: "events.length", toBe: .integer(4))
        #expect(try await world.evaluate("events.slice(2).sort()") == .array([.string("\(first) 48.8566"), .string("\(second) 48.8566")]))
        world.location.setFix(Self.fix(1))
        try await world.wait(for: "events.length", toBe: .integer(6))
        #expect(try await world.evaluate("events.slice(4).sort()") == .array([.string("\(first) 49"), .string("\(second) 49")]))
        #expect(world.location.updateStreamCount == 2)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aRevokeEndsTheWatchesAndStopsTheStream(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.page], configure: Self.granted)
        try await world.load()
        let id = try #require(try await world.evaluate("follow()")?.integerValue)
        try await world.wait(for: "events.length", toBe: .integer(1))
        try await world.revokeInSettings(.location)
        try await world.wait(for: "events.length", toBe: .integer(2))
        #expect(try await world.evaluate("events[1]") == .string("\(id) error 1"))
        #expect(await waitUntil(world) { world.location.activeUpdateCount == 0 })
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aNavigationStopsTheStreamOfTheDocumentBefore(engine: Engine) async throws {
        let world = try await PageWorld.make(
            engine: engine, pages: ["/": Self.page, "/next": "<p>next</p>"], configure: Self.granted)
        try await world.load()
        _ = try await world.evaluate("follow()")
        try await world.wait(for: "events.length", toBe: .integer(1))
        #expect(world.location.activeUpdateCount == 1)
        try await world.load("/next")
        #expect(await waitUntil(world) { world.location.activeUpdateCount == 0 }, "the next document's hello stops the stream")
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func enableHighAccuracyUpgradesApproximateWithTheDeclaredKey(engine: Engine) async throws {
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Show where you are.", fullAccuracyPurposeKey: "Doorstep"),
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scan a code."),
            PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Hear when it arrives."),
        ])
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.page], manifest: manifest) { device in
            await device.setStatus(.approximate, for: .location)
        }
        try await world.load()
        // Without enableHighAccuracy: the approximate fix, and no prompt.
        _ = try await world.evaluate("new Promise(r => navigator.geolocation.getCurrentPosition(r, r)).then(() => 0)")
        #expect(await world.device.fullAccuracyPrompts.isEmpty)
        _ = try await world.evaluate("follow({enableHighAccuracy: true})")
        try await world.wait(for: "events.length", toBe: .integer(1))
        #expect(await world.device.fullAccuracyPrompts == ["Doorstep"])
        #expect(await world.device.status(of: .location) == .granted)
        #expect(await world.center.state(for: .location)?.status == .granted)
        // Precise now: a second high-accuracy request asks nothing.
        _ = try await world.evaluate("new Promise(r => navigator.geolocation.getCurrentPosition(r, r, {enableHighAccuracy: true})).then(() => 0)")
        #expect(await world.device.fullAccuracyPrompts.count == 1)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func enableHighAccuracyWithoutADeclaredKeyGivesTheApproximateFix(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.page]) { device in
            await device.setStatus(.approximate, for: .location)
        }
        try await world.load()
        let answer = try await world.evaluate("""
            new Promise(r => navigator.geolocation.getCurrentPosition(p => r('fix ' + p.coords.latitude), e => r('error ' + e.code), {enableHighAccuracy: true}))
            """)
        #expect(answer == .string("fix 48.8566"), "not upgraded, but the page still gets its fix")
        #expect(await world.device.fullAccuracyPrompts.isEmpty, "no key declared: the OS is never asked")
        #expect(await world.center.state(for: .location)?.status == .approximate)
        await world.tearDown()
    }

    /// Waits, without sleeping, until `condition` holds: rechecked at each turn of the bridge (a round trip to
    /// the page gives the native side its turn), for up to five seconds.
    private func waitUntil(_ world: PageWorld, _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() {
            guard ContinuousClock.now < deadline, (try? await world.evaluate("0")) != nil else { return false }
        }
        return true
    }
}
