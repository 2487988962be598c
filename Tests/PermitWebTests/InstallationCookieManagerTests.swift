import Foundation
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing

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

    @Test(arguments: ["", "has space", "semi;colon", "tilde~in", String(repeating: "a", count: 129)])
    func aMalformedProofIsRefusedAndNothingChanges(proof: String) async throws {
        let app = Launch(store: store)
        try await app.manager.start()
        await #expect(throws: CookieError.invalidValue) { try await app.manager.saveProof(proof) }
        #expect(try await app.manager.identity().proof == nil)
        #expect(await app.cookies()["permit_installation"] == "3f2a9c1e-0001")
    }
}
