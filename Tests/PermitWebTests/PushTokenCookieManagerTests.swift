import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitTesting
import PermitWeb
import Testing

@Suite struct PushTokenCookieManagerTests {
    /// One launch of the app: a center over `store`, a web view (a fresh one, as after a cold start) with its
    /// cookie sync, and the push-token manager over the shared provider.
    struct Launch {
        let center: PermissionCenter
        let host = FakeWebViewHost()
        let sync: CookieSync
        let manager: PushTokenCookieManager
        let logs: InMemoryLogHandler

        init(store: InMemoryPermissionStore, provider: SimulatedPushTokenProvider) {
            let handler = InMemoryLogHandler()
            var logger = Logger(label: "permit.tests.push", factory: { _ in handler })
            logger.logLevel = .trace
            logs = handler
            center = PermissionCenter(kinds: [.notifications], authority: SimulatedDevice(), store: store, logger: logger)
            sync = CookieSync(host: host, siteHost: "app.mikmik.site", logger: logger)
            manager = PushTokenCookieManager(
                configuration: PushTokenCookieConfiguration(domain: "mikmik.site", isHostOnly: false),
                provider: provider, center: center, sync: sync, logger: logger)
        }

        func cookieValues() async -> [String] { await host.cookies().filter { $0.name == "FCM_token" }.map(\.value) }
        func backup() async -> String? {
            guard let data = await center.attachment(forKey: "permit.pushToken") else { return nil }
            return try? JSONValue.parse(data)["token"]?.stringValue
        }
    }

    let store = InMemoryPermissionStore()
    let provider = SimulatedPushTokenProvider()

    @Test func aTokenFromTheProviderBecomesTheCookieAndItsBackup() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        let token = await provider.registerForRemoteNotifications()
        #expect(await app.cookieValues() == [token])
        #expect(await app.backup() == token)
        #expect(try await app.manager.tokenFromCookie() == token)
        let cookie = try #require(await app.host.cookies().first)
        #expect(cookie.domain == "mikmik.site" && !cookie.isHostOnly && cookie.path == "/" && !cookie.isHTTPOnly)
        let lifetime = try #require(cookie.expires).timeIntervalSinceNow
        #expect(lifetime > 364 * 86_400 && lifetime <= 365 * 86_400)
    }

    @Test func theCookieIsRestoredFromTheBackupBeforeTheFirstLoadOfTheNextLaunch() async throws {
        let first = Launch(store: store, provider: provider)
        try await first.manager.start()
        let token = await provider.registerForRemoteNotifications()

        let second = Launch(store: store, provider: provider)
        #expect(await second.cookieValues().isEmpty)
        try await second.manager.start()
        #expect(await second.cookieValues() == [token])
        #expect(await second.host.loadedURLs.isEmpty)
    }

    @Test func anUnchangedTokenWritesNothingAndAChangedOneReplacesIt() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        let token = await provider.registerForRemoteNotifications()
        let writes = await app.host.cookieWriteCount
        #expect(try await app.manager.updateIfNeeded(token) == false)
        #expect(try await app.manager.refresh() == token)
        #expect(await app.host.cookieWriteCount == writes)

        let next = await provider.rotateToken()
        #expect(next != token)
        #expect(await app.cookieValues() == [next])
        #expect(await app.backup() == next)
        #expect(await app.host.cookieWriteCount == writes + 1)
    }

    @Test func aProviderWithNoTokenKeepsTheSavedOne() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        let token = await provider.registerForRemoteNotifications()
        await provider.reportNoToken()
        #expect(await app.cookieValues() == [token])
        #expect(await app.backup() == token)
    }

    @Test func refreshBeforeTheAPNsTokenExistsFailsAndChangesNothing() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        await #expect(throws: SimulatedPushTokenProvider.FetchError.noAPNSToken) { try await app.manager.refresh() }
        #expect(await app.host.cookieWriteCount == 0)
        await provider.registerForRemoteNotifications()
        let refreshed = try await app.manager.refresh()
        #expect(refreshed != nil)
        #expect(await app.cookieValues() == [refreshed].compactMap { $0 })
    }

    @Test func validationRestoresALostOrAlteredCookie() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        #expect(try await app.manager.validate() == .noToken)
        let token = await provider.registerForRemoteNotifications()
        #expect(try await app.manager.validate() == .valid)
        await app.host.deleteCookie(named: "FCM_token", domain: "mikmik.site", path: "/")
        #expect(try await app.manager.validate() == .restored)
        #expect(await app.cookieValues() == [token])
        var altered = try #require(await app.host.cookies().first)
        altered.value = "forged"
        await app.host.setCookie(altered)
        #expect(try await app.manager.validate() == .restored)
        #expect(await app.cookieValues() == [token])
    }

    @Test func clearRemovesTheCookieTheBackupAndTheProvidersToken() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        await app.sync.start()
        await provider.registerForRemoteNotifications()
        try await app.manager.clear()
        #expect(await app.cookieValues().isEmpty)
        #expect(await app.backup() == nil)
        #expect(await provider.deleteCount == 1)
        #expect(await provider.token == nil)
        #expect(await app.manager.currentToken == nil)
        await app.host.load(URL(string: "https://app.mikmik.site/")!)
        #expect(await app.cookieValues().isEmpty, "a cleared token does not come back at the next load")

        let next = Launch(store: store, provider: provider)
        try await next.manager.start()
        #expect(await next.cookieValues().isEmpty, "nor at the next launch")
    }

    @Test(arguments: ["tok en", "tok;en", "tok,en", "tok\"en", "tok\\en", "tökén", "", String(repeating: "t", count: 4_088)])
    func aTokenThatIsNotCookieTextIsRefusedAndNothingIsWritten(token: String) async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        await #expect(throws: CookieError.self) { try await app.manager.save(token) }
        #expect(await app.host.cookieWriteCount == 0)
        #expect(await app.backup() == nil)
    }

    @Test func debugInfoAndLogsShowTokensOnlyShortened() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.start()
        let token = await provider.registerForRemoteNotifications()
        let info = await app.manager.debugInfo()
        #expect(info.cookieToken == token && info.backupToken == token && info.currentToken == token)
        #expect(info.isTokenSaved && info.domain == "mikmik.site" && info.cookieName == "FCM_token")
        let short = "\(token.prefix(6))…(\(token.count) chars)"
        #expect(info.fields.map(\.key) == ["cookie_fcm_token", "saved_fcm_token", "current_fcm_token", "is_token_saved", "domain", "cookie_name"])
        #expect(info.fields.prefix(3).allSatisfy { $0.value == short })
        #expect(!info.description.contains(token))

        await app.host.deleteCookie(named: "FCM_token", domain: "mikmik.site", path: "/")
        _ = try await app.manager.validate()
        await provider.rotateToken()
        try await app.manager.clear()
        let logged = app.logs.entries.map { "\($0.message) \($0.metadata)" }
        #expect(logged.contains { $0.contains("push token saved") && $0.contains(short) })
        #expect(!logged.contains { $0.contains(token.dropFirst(6).prefix(20)) }, "a log line holds more of the token than its start")
    }
}
