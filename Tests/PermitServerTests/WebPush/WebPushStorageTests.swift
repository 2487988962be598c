import Crypto
import Foundation
import Logging
import PermitServer
import Testing

/// The subscriptions' storage on both engines: one active subscription per installation, and a message queued
/// once however many times, and however concurrently, it arrives.
enum WebPushStorageChecks {
    static let installation = "inst-storage"
    static let origin = "https://shop.example"

    static func subscribe(
        _ storage: SQLRegistryStorage, installation: String = installation, key: Data = newKey(), audience: String = origin,
        at date: Date = Date()
    ) async throws -> WebPushSubscriptions.Subscription {
        let made = try await storage.webPushSubscriptions.subscribe(installation: installation, applicationServerKey: key, audience: audience, at: date)
        guard case .subscribed(let subscription) = made else { throw CheckFailure("subscribing gave \(made)") }
        return subscription
    }

    static func newKey() -> Data { P256.Signing.PrivateKey().publicKey.x963Representation }

    struct CheckFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func prepared(_ storage: SQLRegistryStorage, token: String? = "tok-storage") async throws -> WebPushSubscriptions.Subscription {
        try await TokenRegistry(storage: storage, logger: .quiet).record(InstallationReport(
            installation: installation, token: token, platform: .android, states: [:], proof: .claim))
        return try await subscribe(storage)
    }

    static func oneActiveSubscriptionPerInstallationAndOrigin(_ storage: SQLRegistryStorage) async throws {
        let subscriptions = storage.webPushSubscriptions
        let first = try await prepared(storage)
        let again = try await subscribe(storage, key: first.applicationServerKey)
        #expect(again.id == first.id)
        #expect(again.keys.publicKey == first.keys.publicKey && again.keys.authSecret == first.keys.authSecret)
        // Another key on the same origin is refused, as a browser refuses it; the first stays.
        let refused = try await subscriptions.subscribe(installation: installation, applicationServerKey: newKey(), audience: origin, at: Date())
        guard case .otherKey = refused else { Issue.record("another key gave \(refused)"); return }
        #expect(try await subscriptions.active(installation: installation, audience: origin)?.id == first.id)
        // Another origin of the same installation has its own.
        let other = try await subscribe(storage, key: newKey(), audience: "https://blog.shop.example")
        #expect(other.id != first.id)
        #expect(try await subscriptions.active(installation: installation, audience: origin)?.id == first.id)
        // Ended by its own identifier only, and by its installation only.
        #expect(try await !subscriptions.unsubscribe(first.id, installation: "someone-else", at: Date()))
        #expect(try await subscriptions.unsubscribe(first.id, installation: installation, at: Date()))
        #expect(try await subscriptions.active(installation: installation, audience: origin) == nil)
        #expect(try await !subscriptions.unsubscribe(first.id, installation: installation, at: Date()))
        #expect(try await subscriptions.active(installation: installation, audience: "https://blog.shop.example")?.id == other.id)
    }

    static func concurrentSubscribesGiveOneSubscription(_ storage: SQLRegistryStorage) async throws {
        _ = try await prepared(storage)
        let key = newKey()
        _ = try await storage.webPushSubscriptions.unsubscribe(
            try #require(try await storage.webPushSubscriptions.active(installation: installation, audience: origin)).id,
            installation: installation, at: Date())
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<12 {
                group.addTask { try await subscribe(storage, key: key).id }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    static func aMessageIsQueuedOnceHoweverOftenItArrives(_ storage: SQLRegistryStorage) async throws {
        let subscription = try await prepared(storage)
        let salt = Data(repeating: 7, count: 16)
        let outcomes = try await withThrowingTaskGroup(of: WebPushSubscriptions.Queuing.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await storage.webPushSubscriptions.queue(PushMessage(title: "Hi"), through: subscription, salt: salt, at: Date())
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .replay }.count == 15)
        #expect(outcomes.filter { if case .queued = $0 { true } else { false } }.count == 1)
        #expect(try await storage.pushQueue.pendingCount() == 1)
        // Another salt is another message.
        let next = try await storage.webPushSubscriptions.queue(PushMessage(title: "Hi"), through: subscription, salt: Data(count: 16), at: Date())
        guard case .queued = next else { Issue.record("a new salt was \(next)"); return }
        #expect(try await storage.pushQueue.pendingCount() == 2)
        // Without a token: nothing queued, and nothing kept, so the same message once the token is back is new.
        try await TokenRegistry(storage: storage, logger: .quiet).record(InstallationReport(
            installation: "inst-no-token", token: nil, platform: .ios, states: [:], proof: .claim))
        let tokenless = try await subscribe(storage, installation: "inst-no-token")
        let third = Data(repeating: 3, count: 16)
        let lost = try await storage.webPushSubscriptions.queue(PushMessage(title: "Hi"), through: tokenless, salt: third, at: Date())
        #expect(lost == .noToken)
        #expect(try await storage.webPushSubscriptions.queue(PushMessage(title: "Hi"), through: tokenless, salt: third, at: Date()) == .noToken)
        #expect(try await storage.pushQueue.pendingCount() == 2)
    }

    static func deletingOrPruningAnInstallationDeletesItsSubscriptions(_ storage: SQLRegistryStorage) async throws {
        let subscriptions = storage.webPushSubscriptions
        let first = try await prepared(storage)
        #expect(try await storage.deleteInstallation(installation))
        #expect(try await subscriptions.subscription(first.id) == nil)
        // Pruned as stale: its subscription goes; a subscription ended long ago goes too; a recent one stays.
        let old = Date(timeIntervalSinceNow: -400 * 86_400)
        try await TokenRegistry(storage: storage, logger: .quiet, now: { old }).record(InstallationReport(
            installation: installation, token: "tok-old", platform: .android, states: [:], proof: .claim))
        let second = try await subscribe(storage, at: old)
        try await TokenRegistry(storage: storage, logger: .quiet).record(InstallationReport(
            installation: "inst-fresh", token: "tok-fresh", platform: .ios, states: [:], proof: .claim))
        let fresh = try await subscribe(storage, installation: "inst-fresh")
        let ended = try await subscribe(storage, installation: "inst-gone-page", at: old)
        #expect(try await subscriptions.unsubscribe(ended.id, installation: "inst-gone-page", at: old))
        let pruned = try await storage.prune(
            lastSeenBefore: Date(timeIntervalSinceNow: -300 * 86_400), androidLastSeenBefore: Date(timeIntervalSinceNow: -270 * 86_400))
        #expect(pruned == 1)
        #expect(try await subscriptions.subscription(second.id) == nil)
        #expect(try await subscriptions.subscription(ended.id) == nil)
        #expect(try await subscriptions.subscription(fresh.id) != nil)
    }

    static let all: [(String, @Sendable (SQLRegistryStorage) async throws -> Void)] = [
        ("deleting or pruning an installation deletes its subscriptions", deletingOrPruningAnInstallationDeletesItsSubscriptions),
        ("one active subscription per installation and origin", oneActiveSubscriptionPerInstallationAndOrigin),
        ("concurrent subscribes give one subscription", concurrentSubscribesGiveOneSubscription),
        ("a message is queued once however often it arrives", aMessageIsQueuedOnceHoweverOftenItArrives),
    ]
    static var names: [String] { all.map(\.0) }
    static func check(named name: String) -> @Sendable (SQLRegistryStorage) async throws -> Void { all.first { $0.0 == name }!.1 }
}

@Suite struct SQLiteWebPushStorageTests {
    @Test(arguments: WebPushStorageChecks.names)
    func check(_ name: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: Logger.quiet) {
            try await WebPushStorageChecks.check(named: name)($0)
        }
    }
}

@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresWebPushStorageTests {
    @Test(arguments: WebPushStorageChecks.names)
    func check(_ name: String) async throws {
        let server = try #require(PostgresTestServer.current)
        try await RegistryEngine.postgres(try await server.makeDatabase()).withStorage(logger: Logger.quiet) {
            try await WebPushStorageChecks.check(named: name)($0)
        }
    }
}
