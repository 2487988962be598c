import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing

/// The native side of issue 19 without a browser: the engine's permissions kept in step, the seed 002
/// details, `openSettings` on the wire.
@Suite(.timeLimit(.minutes(1))) struct PageMachineryTests {
    let logger = Logger(label: "permit.tests.page", factory: { _ in InMemoryLogHandler() })
    let app = try! WebOrigin("https://app.example")
    let other = try! WebOrigin("http://app.example:8080")

    typealias Key = FakeWebViewHost.EnginePermissionKey

    @Test func theEngineIsToldEachTrackedPermissionAndEveryChangeBeforeThePageHearsOfIt() async throws {
        let device = SimulatedDevice(statuses: [.camera: .granted, .location: .denied])
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        await device.attachLifecycleObserver { event in await center.handle(event) }
        let host = FakeWebViewHost()
        let bridge = WebBridge(
            center: center, configuration: .zoobox(allowedOrigins: [app, other]), location: SimulatedLocation(),
            haptics: RecordingHaptics(), logger: logger)
        try await bridge.install(in: host)
        var expected: [Key: Bool] = [:]
        for origin in [app, other] {
            expected[Key(permission: .camera, origin: origin)] = true
            expected[Key(permission: .geolocation, origin: origin)] = false
            // Never asked is refused at the engine too: the page's request goes through the policy first.
            expected[Key(permission: .notifications, origin: origin)] = false
        }
        #expect(await host.enginePermissions == expected)

        try await whileRunning({ await bridge.run() }) {
            await device.answerNextPrompt(for: .notifications, with: .granted)
            try await center.request(.notifications)
            #expect(await bridge.caughtUp(within: .seconds(30)))
            #expect(await host.enginePermissions[Key(permission: .notifications, origin: app)] == true)
            #expect(await host.enginePermissions[Key(permission: .notifications, origin: other)] == true)
        }
    }

    @Test func anAppThatKeepsThePageToItselfLeavesTheEngineAlone() async throws {
        let device = SimulatedDevice(statuses: [.camera: .granted])
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let host = FakeWebViewHost()
        let bridge = WebBridge(
            center: center,
            configuration: BridgeConfiguration(allowedOrigins: [app], answersWebPermissionRequests: false),
            location: SimulatedLocation(), haptics: RecordingHaptics(), logger: logger)
        try await bridge.install(in: host)
        #expect(await host.enginePermissions.isEmpty)
        let script = try #require(await host.userScripts.first?.source)
        #expect(script.contains(#""answersRequests":false"#))
    }

    @Test func openSettingsTakesAnOptionalIntent() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let host = FakeWebViewHost()
        let settings = RecordingSettings()
        let bridge = WebBridge(
            policy: .askingAtUse(for: center, logger: logger), configuration: .zoobox(allowedOrigins: [app]),
            location: SimulatedLocation(), haptics: RecordingHaptics(), settings: settings, logger: logger)
        try await bridge.install(in: host)
        let frame = WebFrame(isMainFrame: true, origin: app)
        let opened = try await host.post(#"{"v":1,"id":1,"method":"openSettings","params":{}}"#, to: "zoobox", from: frame)
        #expect(opened == #"{"id":1,"result":true}"#)
        let withIntent = try await host.post(
            #"{"v":1,"id":2,"method":"openSettings","params":{"kind":"camera","feature":"scan","payload":"{}"}}"#,
            to: "zoobox", from: frame)
        #expect(withIntent == #"{"id":2,"result":true}"#)
        for params in [#"{"x":1}"#, #"{"feature":"scan"}"#, #"{"kind":"camera","feature":3}"#, #"{"kind":7}"#] {
            let refused = try await host.post(#"{"v":1,"id":3,"method":"openSettings","params":\#(params)}"#, to: "zoobox", from: frame)
            #expect(refused.contains(#""code":"invalidParams""#), "\(params)")
        }
        let foreign = try await host.post(
            #"{"v":1,"id":4,"method":"openSettings"}"#, to: "zoobox", from: WebFrame(isMainFrame: true, origin: other))
        #expect(foreign.contains(#""code":"forbiddenOrigin""#))
        #expect(await settings.opened == 2)
    }

    // MARK: - Seed 002

    @Test func thePushTokenCookieIsSecureOnlyOnAnHTTPSPage() {
        let bridge = BridgeConfiguration.zoobox(allowedOrigins: [app])
        let plain = HybridShell.Configuration(pageURL: URL(string: "http://mikmik.site/")!, bridge: bridge)
        let secure = HybridShell.Configuration(pageURL: URL(string: "https://mikmik.site/")!, bridge: bridge)
        #expect(plain.pushToken.attributes.isSecure == false)
        #expect(secure.pushToken.attributes.isSecure == true)
        #expect(plain.pushToken.cookieName == "FCM_token" && plain.pushToken.attributes.domain == "mikmik.site")
    }

    @Test func theSeedAppsTokenBackupIsImportedOnUpgradeAndRestoresTheCookie() async throws {
        let suite = "permit.tests.fcm.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("seed-token:APA91b", forKey: "FCM_Token_Backup")
        let storage = PermitStorage(store: InMemoryPermissionStore(), logger: logger)
        let host = FakeWebViewHost()
        let sync = CookieSync(store: host.cookieStore, siteHost: "mikmik.site", logger: logger)
        let manager = PushTokenCookieManager(
            configuration: PushTokenCookieConfiguration(domain: "mikmik.site", isSecure: false),
            provider: SimulatedPushTokenProvider(), storage: storage, sync: sync,
            importingLegacyBackupFrom: UserDefaults(suiteName: suite), logger: logger)
        try await manager.restoreCookie()
        #expect(await host.allCookies().filter { $0.name == "FCM_token" }.map(\.value) == ["seed-token:APA91b"])
        struct Stored: Codable, Sendable { var token: String? }
        #expect(await storage.value(for: StorageKey<Stored>("permit.pushToken"))?.token == "seed-token:APA91b")

        // Once Permit keeps a backup, the seed's key is not read again: a cleared token stays cleared.
        try await manager.clear()
        let next = PushTokenCookieManager(
            configuration: PushTokenCookieConfiguration(domain: "mikmik.site", isSecure: false),
            provider: SimulatedPushTokenProvider(), storage: storage, sync: sync,
            importingLegacyBackupFrom: UserDefaults(suiteName: suite), logger: logger)
        try await next.restoreCookie()
        #expect(await host.allCookies().filter { $0.name == "FCM_token" }.isEmpty)
    }
}
