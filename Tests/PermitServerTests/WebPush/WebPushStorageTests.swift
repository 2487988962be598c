import Crypto
import Foundation
import Logging
import PermitServer
import Testing

/// The subscriptions' storage on both engines: one active subscription per installation, and a message queued
/// once however many times, and however concurrently, it arrives.
enum WebPushStorageChecks {
    static let installation = "inst-storage"

    static func prepared(_ storage: SQLRegistryStorage, token: String? = "tok-storage") async throws -> WebPushSubscriptions.Subscription {
        try await TokenRegistry(storage: storage, logger: .quiet).record(InstallationReport(
            installation: installation, token: token, platform: .android, states: [:], proof: .claim))
        return try await storage.webPushSubscriptions.subscribe(
            installation: installation, applicationServerKey: P256.Signing.PrivateKey().publicKey.x963Representation,
            audience: "https://shop.example", at: Date())
    }

    static func oneActiveSubscriptionPerInstallation(_ storage: SQLRegistryStorage) async throws {
        let subscriptions = storage.webPushSubscriptions
        let first = try await prepared(storage)
        let again = try await subscriptions.subscribe(
            installation: installation, applicationServerKey: first.applicationServerKey, audience: first.audience, at: Date())
        #expect(again.id == first.id)
        #expect(again.keys.publicKey == first.keys.publicKey && again.keys.authSecret == first.keys.authSecret)
        let other = try await subscriptions.subscribe(
            installation: installation, applicationServerKey: P256.Signing.PrivateKey().publicKey.x963Representation,
            audience: first.audience, at: Date())
        #expect(other.id != first.id)
        #expect(try await subscriptions.subscription(first.id)?.ended != nil)
        #expect(try await subscriptions.active(installation: installation)?.id == other.id)
        #expect(try await subscriptions.unsubscribe(installation: installation, at: Date()))
        #expect(try await subscriptions.active(installation: installation) == nil)
        #expect(try await !subscriptions.unsubscribe(installation: installation, at: Date()))
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
        #expect(outcomes.filter { if case .queued(_, 1) = $0 { true } else { false } }.count == 1)
        #expect(try await storage.pushQueue.pendingCount() == 1)
        // Another salt is another message.
        let next = try await storage.webPushSubscriptions.queue(PushMessage(title: "Hi"), through: subscription, salt: Data(count: 16), at: Date())
        guard case .queued(_, 1) = next else { Issue.record("a new salt was \(next)"); return }
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
        let second = try await subscriptions.subscribe(
            installation: installation, applicationServerKey: P256.Signing.PrivateKey().publicKey.x963Representation,
            audience: "https://shop.example", at: old)
        let registry = TokenRegistry(storage: storage, logger: .quiet)
        try await registry.record(InstallationReport(installation: "inst-fresh", token: "tok-fresh", platform: .ios, states: [:], proof: .claim))
        let fresh = try await subscriptions.subscribe(
            installation: "inst-fresh", applicationServerKey: P256.Signing.PrivateKey().publicKey.x963Representation,
            audience: "https://shop.example", at: Date())
        _ = try await subscriptions.subscribe(
            installation: "inst-gone-page", applicationServerKey: P256.Signing.PrivateKey().publicKey.x963Representation,
            audience: "https://shop.example", at: old)
        let ended = try #require(try await subscriptions.active(installation: "inst-gone-page"))
        #expect(try await subscriptions.unsubscribe(installation: "inst-gone-page", at: old))
        let pruned = try await storage.prune(lastSeenBefore: Date(timeIntervalSinceNow: -300 * 86_400), androidLastSeenBefore: Date(timeIntervalSinceNow: -270 * 86_400))
        #expect(pruned == 1)
        #expect(try await subscriptions.subscription(second.id) == nil)
        #expect(try await subscriptions.subscription(ended.id) == nil)
        #expect(try await subscriptions.subscription(fresh.id) != nil)
    }

    static let all: [(String, @Sendable (SQLRegistryStorage) async throws -> Void)] = [
        ("deleting or pruning an installation deletes its subscriptions", deletingOrPruningAnInstallationDeletesItsSubscriptions),
        ("one active subscription per installation", oneActiveSubscriptionPerInstallation),
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
