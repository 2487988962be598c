import Crypto
import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// What the push services' answers do to a token, through the real senders, the real HTTP client and the
/// registry on SQLite: APNs' 410 removes a token only when it postdates the token's last registration,
/// `BadDeviceToken` quarantines it, FCM's `UNREGISTERED` removes it, and each token goes to its APNs environment.
@Suite struct TokenHealthTests {
    /// The registry's wall clock: the token's last registration is this second.
    static let registered = Date(timeIntervalSince1970: 1_780_000_000)

    /// A registry on SQLite whose installation `inst-1` registered `token` at ``registered``.
    struct World {
        let folder: TemporaryFolder
        let executor: SQLiteExecutor
        let storage: SQLRegistryStorage
        let registry: TokenRegistry
        let clock = Locked(TokenHealthTests.registered)

        init(token: String, environment: APNsEnvironment? = nil) async throws {
            folder = try TemporaryFolder()
            executor = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
            storage = SQLRegistryStorage(executor: executor)
            try await storage.prepare()
            let clock = self.clock
            registry = TokenRegistry(storage: storage, logger: .quiet, now: { clock.withLock { $0 } })
            try await registry.record(InstallationReport(
                installation: "inst-1", token: token, platform: .ios, proof: .claim, environment: environment))
        }

        func delivery(_ service: any PushService) -> PushDelivery {
            PushDelivery(registry: registry, services: [.ios: service], schedule: RetrySchedule(attempts: 0), logger: .quiet)
        }

        /// The proof `inst-1` got at its first report, which every later one must carry.
        func proof() async throws -> InstallationReport.Proof {
            .presented(try await registry.installationProofs().proof(for: "inst-1"))
        }

        func stored() async throws -> InstallationRecord { try #require(try await storage.record(installation: "inst-1")) }

        func close() async throws {
            try await executor.close()
            folder.remove()
        }
    }

    static func unregistered(at milliseconds: Int64) -> FakePushServer.Answer {
        .init(status: 410, body: #"{"reason":"Unregistered","timestamp":\#(milliseconds)}"#)
    }

    @Test func theRegistryKeepsEachTokensLastRegistration() async throws {
        let world = try await World(token: "apns-token-1", environment: .sandbox)
        let record = try await world.stored()
        #expect(record.tokenRegistered == Self.registered && record.environment == .sandbox && !record.quarantined)
        // A report a day later that carries the token moves its registration on with last seen.
        world.clock.withLock { $0 += 86_400 }
        try await world.registry.record(InstallationReport(installation: "inst-1", token: "apns-token-1", proof: try await world.proof()))
        #expect(try await world.stored().tokenRegistered == Self.registered.addingTimeInterval(86_400))
        try await world.close()
    }

    @Test(arguments: [
        // APNs saw the token unregistered before the app registered it again: the token is valid, kept.
        (Int64(1_779_999_000_000), true),
        // Within the second of the registration, which is kept to the second: it may have come after, kept.
        (Int64(1_780_000_000_900), true),
        // After the registration: removed.
        (Int64(1_780_000_001_000), false),
    ])
    func apnsUnregisteredRemovesTheTokenOnlyWhenItPostdatesTheLastRegistration(timestamp: Int64, kept: Bool) async throws {
        let server = try await PushSenderTests.fakeAPNs { _ in Self.unregistered(at: timestamp) }
        let world = try await World(token: "apns-token-1")
        let outcome = await world.delivery(try PushSenderTests.apnsSender(server)).send(
            PushMessage(body: "hi"), to: "apns-token-1", platform: .ios)
        #expect(outcome == (kept ? .tokenKept(reason: "Unregistered") : .tokenRemoved(reason: "Unregistered")))
        #expect(try await world.stored().token == (kept ? "apns-token-1" : nil))
        await server.stop()
        try await world.close()
    }

    @Test func badDeviceTokenQuarantinesTheTokenUntilTheAppReportsAgain() async throws {
        let server = try await PushSenderTests.fakeAPNs { _ in .init(status: 400, body: #"{"reason":"BadDeviceToken"}"#) }
        let world = try await World(token: "apns-token-1")
        let outcome = await world.delivery(try PushSenderTests.apnsSender(server)).send(
            PushMessage(body: "hi"), to: "apns-token-1", platform: .ios)
        #expect(outcome == .tokenQuarantined(reason: "BadDeviceToken"))
        let quarantined = try await world.stored()
        #expect(quarantined.token == "apns-token-1" && quarantined.quarantined)
        // Quarantined tokens get no notification from the queue.
        #expect(try await world.storage.pushQueue.enqueue(PushMessage(body: "hi"), to: .installations(["inst-1"]), at: Self.registered).sends == 0)
        // The app, rebuilt for the right environment, reports it: out of quarantine.
        try await world.registry.record(InstallationReport(
            installation: "inst-1", token: "apns-token-1", proof: try await world.proof(), environment: .sandbox))
        let released = try await world.stored()
        #expect(released.token == "apns-token-1" && !released.quarantined && released.environment == .sandbox)
        await server.stop()
        try await world.close()
    }

    @Test func fcmUnregisteredRemovesTheTokenAtOnce() async throws {
        let server = try await PushSenderTests.fakeFCM { _ in
            PushSenderTests.fcmError(404, "NOT_FOUND", code: "UNREGISTERED", message: "Requested entity was not found.")
        }
        let world = try await World(token: "fcm-token-1")
        let outcome = await world.delivery(try PushSenderTests.fcmSender(server)).send(
            PushMessage(body: "hi"), to: "fcm-token-1", platform: .ios)
        #expect(outcome == .tokenRemoved(reason: "UNREGISTERED"))
        #expect(try await world.stored().token == nil)
        await server.stop()
        try await world.close()
    }

    @Test func eachTokenGoesToItsEnvironmentsHost() async throws {
        let production = try await PushSenderTests.fakeAPNs { _ in .init(status: 200) }
        let sandbox = try await PushSenderTests.fakeAPNs { _ in .init(status: 200) }
        let sender = try APNsSender(
            key: APNsSigningKey(keyID: "KEY123", teamID: "TEAM456", privateKeyPEM: PushSenderTests.p256Key.pemRepresentation),
            topic: "com.example.app", endpoint: production.origin, sandboxEndpoint: sandbox.origin, timeout: .seconds(5),
            logger: .quiet)
        #expect(try await sender.send(PushMessage(body: "a"), to: PushTarget(token: "prod-1", environment: .production, idempotencyKey: "k-1")) == .delivered)
        #expect(try await sender.send(PushMessage(body: "b"), to: PushTarget(token: "dev-1", environment: .sandbox, idempotencyKey: "k-2")) == .delivered)
        #expect(production.requests.map(\.path) == ["/3/device/prod-1"])
        #expect(sandbox.requests.map(\.path) == ["/3/device/dev-1"])
        // The idempotency key goes as apns-id, a UUID, the same for every attempt of one send.
        let id = try #require(production.requests.first?.headers["apns-id"])
        #expect(UUID(uuidString: id) != nil && id == PushTarget(token: "x", idempotencyKey: "k-1").apnsID)
        await production.stop()
        await sandbox.stop()
    }
}
