import Foundation
import Permit
import PermitTesting
import PermitWeb
import PermitWebTesting
import Testing

/// Issue 38, parts 1 and 2: the seed app's keys kept current in `UserDefaults`, and the push token asked for
/// when a page loads with none saved.
@Suite(.timeLimit(.minutes(2))) struct HybridShellSeedTests {
    let device = SimulatedDevice()
    let page = URL(string: "http://localhost/app")!

    func center(storage: PermitStorage? = nil) async -> PermissionCenter {
        await device.launchApp()
        return PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: storage ?? PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
    }

    /// Runs `shell` until `body` returns, then cancels it.
    func whileRunning(_ shell: HybridShell, _ body: () async throws -> Void) async throws {
        let (loaded, onLoaded) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { onLoaded.finish() }
                try await shell.run(onLoaded: { onLoaded.finish() })
            }
            for await _ in loaded {}
            defer { group.cancelAll() }
            try await body()
        }
    }

    /// The zoobox preset keeps the `p_…` keys in `UserDefaults` current after every change, with the seed's
    /// yes/no values, and `FCM_Token_Backup` current beside the real backup: each new token, none once cleared.
    @Test func theZooboxPresetKeepsTheSeedKeysCurrent() async throws {
        let suite = "permit.tests.seed-keys.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("stale-token", forKey: "FCM_Token_Backup")  // an old version's backup, imported once
        let host = FakeWebViewHost()
        let pushTokens = SimulatedPushTokenProvider()
        var configuration = HybridShell.Configuration.zoobox(pageURL: page, allowedOrigins: [try WebOrigin("http://localhost")])
        configuration.pushToken = PushTokenCookieConfiguration(domain: "localhost", isSecure: false)
        #expect(configuration.keepsSeedKeys && configuration.bridge.bridgeObjectName == "ZooboxBridge")
        let shell = HybridShell(
            configuration: configuration, center: await center(), webView: host, location: SimulatedLocation(),
            haptics: RecordingHaptics(), pushTokens: pushTokens,
            importingLegacyBackupFrom: UserDefaults(suiteName: suite), logger: quietLogger)
        try await whileRunning(shell) {
            #expect(await yield { defaults.string(forKey: "p_Camera") == "no" && defaults.string(forKey: "p_Location") == "no" })
            await device.answerNextPrompt(for: .camera, with: .granted)
            _ = try await shell.center.request(.camera)
            #expect(await yield { defaults.string(forKey: "p_Camera") == "yes" })
            #expect(defaults.string(forKey: "FCM_Token_Backup") == "stale-token")

            let token = await pushTokens.registerForRemoteNotifications()
            #expect(await yield { defaults.string(forKey: "FCM_Token_Backup") == token })
            let rotated = await pushTokens.rotateToken()
            #expect(await yield { defaults.string(forKey: "FCM_Token_Backup") == rotated })
            try await #require(shell.pushTokens).clear()
            #expect(defaults.string(forKey: "FCM_Token_Backup") == nil)
        }
    }

    /// Without the switch, nothing is written to `UserDefaults`: the legacy backup is only imported.
    @Test func withoutTheSwitchTheKeysAreLeftAlone() async throws {
        let suite = "permit.tests.seed-keys.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let pushTokens = SimulatedPushTokenProvider()
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: page, bridge: .zoobox(allowedOrigins: [try WebOrigin("http://localhost")]),
                pushToken: PushTokenCookieConfiguration(domain: "localhost", isSecure: false)),
            center: await center(), webView: FakeWebViewHost(), location: SimulatedLocation(),
            haptics: RecordingHaptics(), pushTokens: pushTokens,
            importingLegacyBackupFrom: UserDefaults(suiteName: suite), logger: quietLogger)
        try await whileRunning(shell) {
            let token = await pushTokens.registerForRemoteNotifications()
            #expect(await yield { await shell.pushTokens?.currentToken == token })
            #expect(defaults.string(forKey: "FCM_Token_Backup") == nil)
            #expect(defaults.string(forKey: "p_Camera") == nil)
        }
    }

    /// A page load with no token saved asks the push service once, and saves what it gives: the page finds its
    /// cookie. With a token saved, the next launch does not ask.
    @Test func aPageLoadWithNoTokenAsksTheProviderOnce() async throws {
        let storage = PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger)
        let host = FakeWebViewHost()
        let pushTokens = SimulatedPushTokenProvider()
        let token = await pushTokens.rotateToken(notifying: false)  // the service holds a token it never reported
        func launch() async -> HybridShell {
            HybridShell(
                configuration: HybridShell.Configuration(
                    pageURL: page, bridge: .zoobox(allowedOrigins: [try! WebOrigin("http://localhost")]),
                    pushToken: PushTokenCookieConfiguration(domain: "localhost", isSecure: false)),
                center: await center(storage: storage), webView: host, location: SimulatedLocation(),
                haptics: RecordingHaptics(), pushTokens: pushTokens, logger: quietLogger)
        }
        try await whileRunning(await launch()) {
            #expect(await yield { await host.allCookies().first { $0.name == "FCM_token" }?.value == token })
            #expect(await pushTokens.fetchCount == 1)
        }
        try await whileRunning(await launch()) {
            #expect(await host.allCookies().first { $0.name == "FCM_token" }?.value == token)
        }
        #expect(await pushTokens.fetchCount == 1)
    }

    /// With a rotation interval configured, a launch whose saved token is older rotates it: deleted at the push
    /// service, and the new one in the page's cookie.
    @Test func aLaunchRotatesATokenOlderThanTheInterval() async throws {
        let storage = PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger)
        let host = FakeWebViewHost()
        let pushTokens = SimulatedPushTokenProvider()
        var tokens = PushTokenCookieConfiguration(domain: "localhost", isSecure: false)
        tokens.rotationInterval = 30 * 86_400
        let old = await pushTokens.registerForRemoteNotifications()
        let earlier = PushTokenCookieManager(
            configuration: tokens, provider: pushTokens, storage: storage,
            sync: CookieSync(store: host.cookieStore, siteHost: "localhost", logger: quietLogger), logger: quietLogger,
            now: { Date(timeIntervalSinceNow: -40 * 86_400) })
        try await earlier.save(old)  // saved 40 days ago
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: page, bridge: .zoobox(allowedOrigins: [try WebOrigin("http://localhost")]), pushToken: tokens),
            center: await center(storage: storage), webView: host, location: SimulatedLocation(),
            haptics: RecordingHaptics(), pushTokens: pushTokens, logger: quietLogger)
        try await whileRunning(shell) {
            #expect(await yield { await pushTokens.deleteCount == 1 })
            let rotated = await pushTokens.token
            #expect(rotated != nil && rotated != old)
            #expect(await yield { await host.allCookies().first { $0.name == "FCM_token" }?.value == rotated })
        }
    }

    /// A push service that never answers holds nothing up: the fetch gives up at its deadline.
    @Test func aProviderThatNeverAnswersGivesUpAtTheDeadline() async throws {
        let manager = PushTokenCookieManager(
            configuration: PushTokenCookieConfiguration(domain: "localhost", isSecure: false), provider: SilentPushService(),
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger),
            sync: CookieSync(store: FakeWebViewHost().cookieStore, siteHost: "localhost", logger: quietLogger),
            logger: quietLogger)
        let start = ContinuousClock.now
        #expect(await !manager.fetchTokenIfMissing(within: .milliseconds(200)))
        #expect(start.duration(to: .now) < .seconds(5))
    }

    /// A push service whose fetch never answers until cancelled.
    struct SilentPushService: PushTokenProvider {
        func tokenUpdates() -> PushTokenUpdates { PushTokenChannel().updates() }
        func fetchToken() async throws -> String? {
            try await Task.sleep(for: .seconds(3600))
            return nil
        }
        func deleteToken() async throws {}
    }
}
