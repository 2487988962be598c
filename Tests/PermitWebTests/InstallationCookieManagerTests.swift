import Foundation
import Synchronization
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing

/// Counts from 1, across tasks.
private final class IdentifierCounter: Sendable {
    private let value = Mutex(0)

    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}

@Suite struct InstallationCookieManagerTests {
    /// One launch of the app: its storage over `store`, a web view (a fresh one, as after a cold start) and the
    /// manager.
    struct Launch {
        let host = FakeWebViewHost()
        let storage: PermitStorage
        let sync: CookieSync
        let manager: InstallationCookieManager

        init(store: InMemoryPermissionStore, identifier: String = "3f2a9c1e-0001") {
            let logger = Logger(label: "permit.tests.installation", factory: { _ in SwiftLogNoOpLogHandler() })
            storage = PermitStorage(store: store, logger: logger)
            sync = CookieSync(store: host.cookieStore, siteHost: "app.mikmik.site", logger: logger)
            manager = InstallationCookieManager(
                configuration: InstallationCookieConfiguration(domain: "app.mikmik.site", platform: "android"),
                storage: storage, sync: sync, logger: logger, makeIdentifier: { identifier })
        }

        func cookies() async -> [String: String] {
            Dictionary(uniqueKeysWithValues: await host.allCookies().map { ($0.name, $0.value) })
        }
    }

    let store = InMemoryPermissionStore()

    @Test func theFirstStartMakesTheIdentityAndWritesBothCookies() async throws {
        let app = Launch(store: store)
        let identity = try await app.manager.start()
        #expect(identity == InstallationIdentity(identifier: "3f2a9c1e-0001"))
        #expect(await app.cookies() == ["permit_installation": "3f2a9c1e-0001", "permit_platform": "android"])
        let cookie = try #require(await app.host.allCookies().first { $0.name == "permit_installation" })
        #expect(cookie.isHTTPOnly && cookie.isSecure && cookie.path == "/" && cookie.domain == "app.mikmik.site")
    }

    @Test func theProofIsBackedUpAndCarriedInTheCookieAcrossLaunches() async throws {
        let first = Launch(store: store)
        try await first.manager.start()
        let proof = "Xq3_-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL"
        try await first.manager.saveProof(proof)
        #expect(await first.cookies()["permit_installation"] == "3f2a9c1e-0001~\(proof)")

        // The next launch, in a fresh web view, keeps the identifier made at the first (not a new one) and the proof.
        let second = Launch(store: store, identifier: "another-one")
        let identity = try await second.manager.start()
        #expect(identity == InstallationIdentity(identifier: "3f2a9c1e-0001", proof: proof))
        #expect(await second.cookies() == ["permit_installation": "3f2a9c1e-0001~\(proof)", "permit_platform": "android"])
        #expect(try await second.manager.cookieValue() == identity.cookieValue)
    }

    @Test func aLostCookieIsRestoredFromTheBackup() async throws {
        let app = Launch(store: store)
        try await app.manager.start()
        try await app.manager.saveProof("proof-1")
        try await app.host.deleteCookie(named: "permit_installation", domain: "app.mikmik.site", path: "/")
        #expect(await app.cookies()["permit_installation"] == nil)
        try await app.sync.synchronize()
        #expect(await app.cookies()["permit_installation"] == "3f2a9c1e-0001~proof-1")
    }

    @Test func startingOverMakesANewIdentityWithoutAProof() async throws {
        let count = IdentifierCounter()
        let app = Launch(store: store, identifier: "unused")
        let manager = InstallationCookieManager(
            configuration: InstallationCookieConfiguration(domain: "app.mikmik.site", platform: "android"),
            storage: app.storage, sync: app.sync,
            logger: Logger(label: "permit.tests.installation", factory: { _ in SwiftLogNoOpLogHandler() }),
            makeIdentifier: { "installation-\(count.next())" })
        try await manager.start()
        try await manager.saveProof("proof-1")
        let renewed = try await manager.startOver()
        #expect(renewed == InstallationIdentity(identifier: "installation-2"))
        #expect(await app.cookies()["permit_installation"] == "installation-2")
        // The next launch reads the new identity.
        #expect(try await Launch(store: store).manager.start() == renewed)
    }

    @Test(arguments: ["", "has space", "semi;colon", "tilde~in", String(repeating: "a", count: 129)])
    func aMalformedProofIsRefusedAndNothingChanges(proof: String) async throws {
        let app = Launch(store: store)
        try await app.manager.start()
        await #expect(throws: CookieError.invalidValue) { try await app.manager.saveProof(proof) }
        #expect(try await app.manager.identity().proof == nil)
        #expect(await app.cookies()["permit_installation"] == "3f2a9c1e-0001")
    }
}
