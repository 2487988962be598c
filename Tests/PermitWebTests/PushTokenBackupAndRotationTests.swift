import Foundation
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing
import PermitSupport

/// The push token's client half for the server: the backup behind its seam, rotation on the app's schedule,
/// and the cookie on several domains.
@Suite struct PushTokenBackupAndRotationTests {
    /// A backup store in memory, counting what it is asked.
    actor MemoryBackupStore: PushTokenBackupStore {
        private(set) var backup: PushTokenBackup?
        private(set) var saves = 0

        init(_ backup: PushTokenBackup? = nil) { self.backup = backup }

        func loadBackup() async throws -> PushTokenBackup? { backup }
        func saveBackup(_ backup: PushTokenBackup) async throws {
            self.backup = backup
            saves += 1
        }
    }

    struct World {
        let host = FakeWebViewHost()
        let provider = SimulatedPushTokenProvider()
        let storage = PermitStorage(store: InMemoryPermissionStore(), logger: Logger(label: "test"))
        let clock = Locked(Date(timeIntervalSince1970: 1_780_000_000))

        func manager(
            _ configuration: PushTokenCookieConfiguration, backupStore: (any PushTokenBackupStore)? = nil
        ) -> PushTokenCookieManager {
            let sync = CookieSync(store: host.cookieStore, siteHost: "app.example.com", logger: Logger(label: "test"))
            return PushTokenCookieManager(
                configuration: configuration, provider: provider, storage: storage, backupStore: backupStore, sync: sync,
                logger: Logger(label: "test"), now: { clock.withLock { $0 } })
        }

        func cookies() async -> [String: String] {
            Dictionary(await host.allCookies().filter { $0.name == "FCM_token" }.map { ($0.domain, $0.value) },
                       uniquingKeysWith: { first, _ in first })
        }

        func advance(days: Double) { clock.withLock { $0 += days * 86_400 } }
    }

    static func configuration(rotationDays: Double? = nil, additionalDomains: [String] = []) -> PushTokenCookieConfiguration {
        var configuration = PushTokenCookieConfiguration(domain: "example.com", isHostOnly: false)
        configuration.rotationInterval = rotationDays.map { $0 * 86_400 }
        configuration.additionalDomains = additionalDomains
        return configuration
    }

    // MARK: - Rotation

    @Test func rotationIsDueOnceTheIntervalPassedOrWhenTheSaveTimeIsUnknown() {
        let saved = Date(timeIntervalSince1970: 1_000_000)
        #expect(!PushTokenRotation.isDue(savedAt: saved, now: saved + 86_399, interval: 86_400))
        #expect(PushTokenRotation.isDue(savedAt: saved, now: saved + 86_400, interval: 86_400))
        #expect(PushTokenRotation.isDue(savedAt: nil, now: saved, interval: 86_400))
        #expect(!PushTokenRotation.isDue(savedAt: nil, now: saved, interval: nil))
        #expect(!PushTokenRotation.isDue(savedAt: saved, now: saved + 1e9, interval: 0))
    }

    @Test func aTokenOlderThanTheIntervalIsDeletedAtTheServiceAndReplacedEverywhere() async throws {
        let world = World()
        let manager = world.manager(Self.configuration(rotationDays: 30))
        await world.provider.registerForRemoteNotifications()
        let first = try #require(try await manager.refresh())
        world.advance(days: 29)
        #expect(try await manager.rotateIfDue() == false)
        #expect(await world.provider.deleteCount == 0)

        world.advance(days: 1)
        #expect(try await manager.rotateIfDue())
        #expect(await world.provider.deleteCount == 1)
        let second = try #require(await world.provider.token)
        #expect(second != first)
        #expect(await world.cookies() == ["example.com": second])
        #expect(await manager.debugInfo().backupToken == second)
        // Saved now: not due again for another 30 days.
        #expect(try await manager.rotateIfDue() == false)
    }

    @Test func withNoScheduleOrAClearedTokenNothingRotates() async throws {
        let world = World()
        await world.provider.registerForRemoteNotifications()
        let unscheduled = world.manager(Self.configuration())
        try await unscheduled.refresh()
        world.advance(days: 3650)
        #expect(try await unscheduled.rotateIfDue() == false)

        let scheduled = world.manager(Self.configuration(rotationDays: 1))
        try await scheduled.clear()
        world.advance(days: 2)
        #expect(try await scheduled.rotateIfDue() == false)
        #expect(await world.provider.deleteCount == 1)  // the clear's own delete only
    }

    // MARK: - The backup seam

    @Test func aBackupStoreReplacesTheStorageAndRestoresTheCookie() async throws {
        let world = World()
        let keychain = MemoryBackupStore()
        let manager = world.manager(Self.configuration(), backupStore: keychain)
        await world.provider.registerForRemoteNotifications()
        let token = try #require(try await manager.refresh())
        #expect(await keychain.backup?.token == token)
        #expect(await keychain.backup?.savedAt == world.clock.withLock { $0 })
        // Nothing went to the app's storage.
        #expect(try await StoragePushTokenBackup(storage: world.storage).loadBackup() == nil)

        // The next launch, with the web view's cookies gone, restores the cookie from that store.
        for cookie in await world.host.allCookies() {
            try await world.host.cookieStore.deleteCookie(named: cookie.name, domain: cookie.domain, path: cookie.path)
        }
        let relaunched = world.manager(Self.configuration(), backupStore: keychain)
        try await relaunched.restoreCookie()
        #expect(await world.cookies() == ["example.com": token])
    }

    @Test func theStorageBackupKeepsTheShapeEarlierVersionsWrote() async throws {
        let world = World()
        let manager = world.manager(Self.configuration())
        await world.provider.registerForRemoteNotifications()
        let token = try #require(try await manager.refresh())
        struct EarlierBackup: Codable { var token: String?; var savedAt: Date?; var isCleared: Bool }
        let stored = await world.storage.value(for: StorageKey<EarlierBackup>("permit.pushToken"))
        #expect(stored?.token == token && stored?.isCleared == false)
    }

    // MARK: - Several domains

    @Test func theCookieIsWrittenAndClearedOnEveryConfiguredDomain() async throws {
        let world = World()
        let manager = world.manager(Self.configuration(additionalDomains: ["api.example.net", "example.org"]))
        await world.provider.registerForRemoteNotifications()
        let token = try #require(try await manager.refresh())
        #expect(await world.cookies() == ["example.com": token, "api.example.net": token, "example.org": token])

        // A lost cookie on one domain comes back at the next validation.
        try await world.host.cookieStore.deleteCookie(named: "FCM_token", domain: "example.org", path: "/")
        _ = try await manager.validate()
        #expect(await world.cookies()["example.org"] == token)

        try await manager.clear()
        #expect(await world.cookies().isEmpty)
    }

    @Test func anAdditionalDomainThatIsNotADomainIsRefusedAndNothingIsWritten() async throws {
        let world = World()
        let manager = world.manager(Self.configuration(additionalDomains: ["not a domain"]))
        await world.provider.registerForRemoteNotifications()
        await #expect(throws: CookieError.self) { try await manager.refresh() }
        #expect(await world.cookies().isEmpty)
    }
}
