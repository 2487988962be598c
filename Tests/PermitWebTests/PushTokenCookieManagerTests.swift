import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing

@Suite struct PushTokenCookieManagerTests {
    /// One launch of the app: a center over `store`, a web view (a fresh one, as after a cold start, unless
    /// given) with its cookie sync, and the push-token manager over the shared provider.
    struct Launch {
        let center: PermissionCenter
        let host: FakeWebViewHost
        let sync: CookieSync
        let manager: PushTokenCookieManager
        let logs: InMemoryLogHandler

        init(store: InMemoryPermissionStore, provider: SimulatedPushTokenProvider, host: FakeWebViewHost = FakeWebViewHost()) {
            let handler = InMemoryLogHandler()
            var logger = Logger(label: "permit.tests.push", factory: { _ in handler })
            logger.logLevel = .trace
            logs = handler
            self.host = host
            center = PermissionCenter(kinds: [.notifications], authority: SimulatedDevice(), storage: PermitStorage(store: store, logger: logger), logger: logger)
            sync = CookieSync(store: host.cookieStore, siteHost: "app.mikmik.site", logger: logger)
            manager = PushTokenCookieManager(
                configuration: PushTokenCookieConfiguration(domain: "mikmik.site", isHostOnly: false),
                provider: provider, storage: center.storage, sync: sync, logger: logger)
        }

        /// Restores the cookie, then runs the manager (taking the provider's tokens) beside `body`.
        func running<Result>(_ body: () async throws -> Result) async throws -> Result {
            try await manager.restoreCookie()
            return try await whileRunning({ [manager] in await manager.run() }, body)
        }

        /// The part of the manager's stored backup the tests read.
        struct StoredBackup: Codable, Sendable { var token: String? }

        func cookieValues() async -> [String] { await host.allCookies().filter { $0.name == "FCM_token" }.map(\.value) }

        func backup() async -> String? {
            await center.storage.value(for: StorageKey<StoredBackup>("permit.pushToken"))?.token
        }

        /// Waits until the manager logged `message`: how a test knows a token it ignores was handled.
        func logged(_ message: String) async -> Bool {
            await yield { logs.entries.contains { "\($0.message)" == message } }
        }

        /// Waits until the token the provider issued is both backed up and in the cookie.
        func saved(_ token: String) async -> Bool {
            await yield {
                guard await backup() == token else { return false }
                return await cookieValues() == [token]
            }
        }
    }

    let store = InMemoryPermissionStore()
    let provider = SimulatedPushTokenProvider()

    @Test func aTokenFromTheProviderBecomesTheCookieAndItsBackup() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            let token = await provider.registerForRemoteNotifications()
            #expect(await app.saved(token))
            #expect(try await app.manager.tokenFromCookie() == token)
            let cookie = try #require(await app.host.allCookies().first)
            #expect(cookie.domain == "mikmik.site" && !cookie.isHostOnly && cookie.path == "/" && !cookie.isHTTPOnly)
            let lifetime = try #require(cookie.expires).timeIntervalSinceNow
            #expect(lifetime > 364 * 86_400 && lifetime <= 365 * 86_400)
        }
    }

    @Test func tokensAreSavedInTheOrderTheProviderIssuedThem() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            var last = await provider.registerForRemoteNotifications()
            for _ in 0..<50 { last = await provider.rotateToken() }
            #expect(await app.saved(last))
            #expect(await app.manager.currentToken == last)
        }
    }

    @Test func theCookieIsRestoredFromTheBackupBeforeTheFirstLoadOfTheNextLaunch() async throws {
        let first = Launch(store: store, provider: provider)
        let token = try await first.running {
            let token = await provider.registerForRemoteNotifications()
            #expect(await first.saved(token))
            return token
        }

        let second = Launch(store: store, provider: provider)
        #expect(await second.cookieValues().isEmpty)
        try await second.running {
            #expect(await second.cookieValues() == [token])
            #expect(await second.host.loadedURLs.isEmpty)
        }
    }

    @Test func aCookieWithNoBackupBehindItIsDeletedAtLaunch() async throws {
        // A deletion the web view lost: its store still has the cookie, the permission store has no token.
        let host = FakeWebViewHost()
        try await host.setCookie(Cookie(name: "FCM_token", value: "stale", domain: "mikmik.site", isHostOnly: false))
        let app = Launch(store: store, provider: provider, host: host)
        try await app.running {
            #expect(await app.cookieValues().isEmpty)
            try await host.setCookie(Cookie(name: "FCM_token", value: "stale", domain: "mikmik.site", isHostOnly: false))
            #expect(try await app.manager.validate() == .noToken)
            #expect(await app.cookieValues().isEmpty)
        }
    }

    @Test func anUnchangedTokenWritesNothingAndAChangedOneReplacesIt() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running { () async throws in
            let token = await provider.registerForRemoteNotifications()
            #expect(await app.saved(token))
            let writes = await app.host.cookieWriteCount
            #expect(try await app.manager.updateIfNeeded(token) == false)
            #expect(try await app.manager.refresh() == token)
            #expect(await app.host.cookieWriteCount == writes)

            let next = await provider.rotateToken(notifying: false)
            #expect(await app.cookieValues() == [token], "nothing changes until the app asks")
            #expect(try await app.manager.refresh() == next)
            #expect(await app.cookieValues() == [next])
            #expect(await app.backup() == next)
            #expect(await app.host.cookieWriteCount == writes + 1)
        }
    }

    @Test func aProviderWithNoTokenKeepsTheSavedOne() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            let token = await provider.registerForRemoteNotifications()
            #expect(await app.saved(token))
            await provider.reportNoToken()
            #expect(await app.logged("provider reported no push token; keeping the saved one"))
            #expect(await app.cookieValues() == [token])
            #expect(await app.backup() == token)
        }
    }

    @Test func refreshBeforeTheAPNsTokenExistsFailsAndChangesNothing() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running { () async throws in
            await #expect(throws: SimulatedPushTokenProvider.FetchError.noAPNSToken) { try await app.manager.refresh() }
            #expect(await app.host.cookieWriteCount == 0)
            let token = await provider.registerForRemoteNotifications()
            #expect(try await app.manager.refresh() == token)
            #expect(await app.saved(token))
        }
    }

    @Test func validationRestoresALostOrAlteredCookie() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            #expect(try await app.manager.validate() == .noToken)
            let token = await provider.registerForRemoteNotifications()
            #expect(await app.saved(token))
            #expect(try await app.manager.validate() == .valid)
            try await app.host.deleteCookie(named: "FCM_token", domain: "mikmik.site", path: "/")
            #expect(try await app.manager.validate() == .restored)
            #expect(await app.cookieValues() == [token])
            var altered = try #require(await app.host.allCookies().first)
            altered.value = "forged"
            try await app.host.setCookie(altered)
            #expect(try await app.manager.validate() == .restored)
            #expect(await app.cookieValues() == [token])
            // The same token, only its expiry near: renewed, and still valid.
            var ageing = try #require(await app.host.allCookies().first)
            ageing.expires = Date().addingTimeInterval(86_400)
            try await app.host.setCookie(ageing)
            #expect(try await app.manager.validate() == .valid)
            #expect(try #require(await app.host.allCookies().first?.expires).timeIntervalSinceNow > 364 * 86_400)
        }
    }

    @Test func clearRemovesTheCookieTheBackupAndTheProvidersTokenAndStaysCleared() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            let validated = EventLog(following: app.sync.validations())
            let events = app.host.events()
            try await whileRunning({ await app.sync.run(following: events) }) {
                #expect(await app.saved(await provider.registerForRemoteNotifications()))
                try await app.manager.clear()
                #expect(await app.cookieValues().isEmpty)
                #expect(await app.backup() == nil)
                #expect(await provider.deleteCount == 1)
                #expect(await provider.token == nil)
                #expect(await app.manager.currentToken == nil)
                await app.host.load(URL(string: "https://app.mikmik.site/")!)
                await validated.wait(for: .loaded(URL(string: "https://app.mikmik.site/")!))
                #expect(await app.cookieValues().isEmpty, "a cleared token does not come back at the next load")
            }

            // A service that issues a new token after the delete (FCM with auto-init) does not undo the clear...
            await provider.rotateToken()
            #expect(await app.logged("push token cleared by the app; not saving the provider's new one"))
            #expect(await app.cookieValues().isEmpty)
            #expect(await app.backup() == nil)

            // ... nor does it at the next launch, until the app asks for the token again.
            let next = Launch(store: store, provider: provider)
            try await next.running {
                await provider.rotateToken()
                #expect(await next.logged("push token cleared by the app; not saving the provider's new one"))
                #expect(try await next.manager.validate() == .noToken)
                #expect(await next.cookieValues().isEmpty)
                let fetched = try #require(try await next.manager.refresh())
                #expect(await next.saved(fetched))
            }
        }
    }

    @Test func cancellingRunStopsTakingTheProvidersTokens() async throws {
        let app = Launch(store: store, provider: provider)
        let first = try await app.running {
            let token = await provider.registerForRemoteNotifications()
            #expect(await app.saved(token))
            return token
        }
        // run() returned: the provider's next token is not taken; the saved one and its cookie stay.
        await provider.rotateToken()
        #expect(await app.manager.currentToken == first)
        #expect(await app.cookieValues() == [first])
        #expect(await app.backup() == first)
    }

    @Test func aTokenIssuedWhileTheCookieIsRestoredIsTakenByRun() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.manager.restoreCookie()
        let token = await provider.registerForRemoteNotifications()
        try await whileRunning({ [manager = app.manager] in await manager.run() }) {
            #expect(await app.saved(token))
        }
    }

    @Test func clearTriesEveryStepWhenOneFails() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running { () async throws in
            #expect(await app.saved(await provider.registerForRemoteNotifications()))
            await app.host.setFailsCookieWrites(true)
            await #expect(throws: WebViewError.self) { try await app.manager.clear() }
            #expect(await provider.deleteCount == 1, "the provider's token is deleted although the cookie could not be")
            #expect(await app.backup() == nil)
            await app.host.setFailsCookieWrites(false)
            #expect(try await app.manager.validate() == .noToken)
            #expect(await app.cookieValues().isEmpty, "the next validation deletes the cookie")
        }
    }

    /// A token that is not cookie text, and the error it must get; described briefly in test output.
    struct BadToken: CustomTestStringConvertible, Sendable {
        var token: String
        var error: CookieError
        var testDescription: String { token.count > 20 ? "\(token.count) characters" : "\"\(token)\"" }
    }

    @Test(arguments: [
        BadToken(token: "tok en", error: .invalidValue), BadToken(token: "tok;en", error: .invalidValue),
        BadToken(token: "tok,en", error: .invalidValue), BadToken(token: "tok\"en", error: .invalidValue),
        BadToken(token: "tok\\en", error: .invalidValue), BadToken(token: "tökén", error: .invalidValue),
        BadToken(token: "", error: .invalidValue), BadToken(token: String(repeating: "t", count: 4_088), error: .tooLarge),
    ])
    func aTokenThatIsNotCookieTextIsRefusedAndNothingIsWritten(bad: BadToken) async throws {
        let (token, error) = (bad.token, bad.error)
        let app = Launch(store: store, provider: provider)
        try await app.running {
            await #expect(throws: error) { try await app.manager.save(token) }
            await #expect(throws: error) { try await app.manager.updateIfNeeded(token) }
            #expect(await app.host.cookieWriteCount == 0)
            #expect(await app.backup() == nil)
            #expect(await app.manager.currentToken == nil)
        }
    }

    @Test func anInvalidTokenFromTheProviderIsLoggedAndLeavesTheSavedOne() async throws {
        let provider = ChannelProvider()
        let app = Launch(store: store, provider: self.provider)
        let manager = PushTokenCookieManager(
            configuration: PushTokenCookieConfiguration(domain: "mikmik.site", isHostOnly: false), provider: provider,
            storage: app.center.storage, sync: app.sync, logger: Logger(label: "test", factory: { _ in app.logs }))
        try await manager.restoreCookie()
        try await whileRunning({ await manager.run() }) {
            provider.channel.send("good")
            provider.channel.send("not a token")
            provider.channel.send(nil)
            provider.channel.send("after")
            #expect(await app.saved("after"), "the tokens after the bad one are still taken, in order")
            #expect(app.logs.entries.contains { $0.level == .warning && "\($0.message)" == "token from the provider not saved" })
            #expect(!app.logs.entries.contains { "\($0.message) \($0.metadata)".contains("not a token") })
            #expect(await manager.currentToken == "after")
        }
    }

    @Test func concurrentSavesLeaveTheBackupAndTheCookieAgreeing() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        if index.isMultiple(of: 7) {
                            try? await app.manager.clear()
                        } else {
                            try? await app.manager.save("token-\(index)")
                        }
                    }
                }
            }
            let backup = await app.backup()
            #expect(await app.cookieValues() == (backup.map { [$0] } ?? []))
            #expect(await app.manager.currentToken == backup)
        }
    }

    @Test func debugInfoAndLogsShowTokensOnlyShortened() async throws {
        let app = Launch(store: store, provider: provider)
        try await app.running {
            let token = await provider.registerForRemoteNotifications()
            #expect(await app.saved(token))
            let info = await app.manager.debugInfo()
            #expect(info.cookieToken == token && info.backupToken == token && info.currentToken == token)
            #expect(info.isTokenSaved && info.domain == "mikmik.site" && info.cookieName == "FCM_token")
            let short = "\(token.prefix(6))…(\(token.count) chars)"
            #expect(info.fields.map(\.key) == ["cookie_fcm_token", "saved_fcm_token", "current_fcm_token", "is_token_saved", "domain", "cookie_name"])
            #expect(info.fields.prefix(3).allSatisfy { $0.value == short })
            #expect(!info.description.contains(token))
            var dumped = ""
            dump(info, to: &dumped)
            #expect(dumped.contains(short) && !dumped.contains(token))

            try await app.host.deleteCookie(named: "FCM_token", domain: "mikmik.site", path: "/")
            _ = try await app.manager.validate()
            #expect(await app.saved(await provider.rotateToken()))
            try await app.manager.clear()
            let logged = app.logs.entries.map { "\($0.message) \($0.metadata)" }
            #expect(logged.contains { $0.contains("push token saved") && $0.contains(short) })
            #expect(logged.contains { $0.contains("restored from the backup") })
            #expect(!logged.contains { $0.contains(token.dropFirst(6).prefix(20)) }, "a log line holds more of the token than its start")
        }
    }
}

/// A provider whose tokens a test sends by hand, valid or not.
final class ChannelProvider: PushTokenProvider {
    let channel = PushTokenChannel()
    func tokenUpdates() -> PushTokenUpdates { channel.updates() }
    func fetchToken() async throws -> String? { nil }
    func deleteToken() async throws {}
}
