import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// The push queue on SQLite against the keyed fake FCM: selection, one send per installation with its
/// idempotency key, outcomes recorded, `Retry-After` honoured from the database, and a send whose worker died
/// taken up again with the same key.
@Suite struct PushQueueTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// A registry on SQLite with a stepped wall clock, and a worker sending through `fcm`.
    struct World {
        let folder: TemporaryFolder
        let executor: SQLiteExecutor
        let storage: SQLRegistryStorage
        let registry: TokenRegistry
        let clock = Locked(PushQueueTests.start)

        init() async throws {
            folder = try TemporaryFolder()
            executor = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
            storage = SQLRegistryStorage(executor: executor)
            try await storage.prepare()
            let clock = self.clock
            registry = TokenRegistry(storage: storage, logger: .quiet, now: { clock.withLock { $0 } })
        }

        var queue: PushQueue { storage.pushQueue }

        func report(_ installation: String, token: String?, notifications: ReportedState, platform: Platform = .android) async throws {
            try await registry.record(InstallationReport(
                installation: installation, token: token, platform: platform, states: ["notifications": notifications],
                proof: .claim))
        }

        func worker(_ fcm: KeyedFakeFCM, attempts: Int = 5, lease: Duration = .seconds(60)) throws -> PushQueueWorker {
            var configuration = PushQueueWorker.Configuration()
            configuration.schedule = RetrySchedule(initial: .seconds(1), maximum: .seconds(60), attempts: attempts)
            configuration.lease = lease
            let sender = try fcm.sender()
            let delivery = PushDelivery(
                registry: registry, services: [.android: sender, .ios: sender], schedule: configuration.schedule, logger: .quiet)
            let clock = self.clock
            return PushQueueWorker(
                queue: queue, delivery: delivery, configuration: configuration, logger: .quiet, now: { clock.withLock { $0 } })
        }

        func advance(_ seconds: TimeInterval) { clock.withLock { $0 += seconds } }

        func close() async throws {
            try await executor.close()
            folder.remove()
        }
    }

    @Test func aNotificationGoesOnceToEachSelectedInstallationWithItsKey() async throws {
        let fcm = try await KeyedFakeFCM.start()
        let world = try await World()
        try await world.report("granted-a", token: "tok-a", notifications: .granted)
        try await world.report("granted-b", token: "tok-b", notifications: .granted, platform: .ios)
        try await world.report("denied-c", token: "tok-c", notifications: .denied)
        try await world.report("granted-no-token", token: nil, notifications: .granted)
        try await world.report("granted-quarantined", token: "tok-q", notifications: .granted)
        try await world.registry.quarantineToken("tok-q")

        let queued = try await world.queue.enqueue(
            PushMessage(title: "New", body: "Your parcel is here"), to: .kindState(kind: "notifications", state: .granted),
            at: Self.start)
        #expect(queued.sends == 2)
        let before = try #require(try await world.queue.status(of: queued.push))
        #expect(before.states == ["queued": 2] && !before.finished)

        #expect(try await world.worker(fcm).drainOnce() == 2)
        #expect(try await world.worker(fcm).drainOnce() == 0)
        #expect(fcm.acceptedKeys == ["\(queued.push):granted-a": 1, "\(queued.push):granted-b": 1])
        let after = try #require(try await world.queue.status(of: queued.push))
        #expect(after.states == ["delivered": 2] && after.finished && after.sends == 2)
        #expect(after.list.map(\.installation) == ["granted-a", "granted-b"])
        #expect(after.list.allSatisfy { $0.state == .delivered && $0.attempts == 1 })

        // Named installations: only those with a usable token.
        let named = try await world.queue.enqueue(
            PushMessage(data: ["sync": "1"]), to: .installations(["denied-c", "granted-no-token", "nobody"]), at: Self.start)
        #expect(named.sends == 1)
        #expect(try await world.queue.status(of: "00000000-0000-0000-0000-000000000000") == nil)
        await fcm.stop()
        try await world.close()
    }

    @Test func retryAfterIsHonouredFromTheDatabase() async throws {
        let fcm = try await KeyedFakeFCM.start { index, _ in
            index == 0
                ? .init(status: 429, headers: ["Retry-After": "30"], body: #"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED"}}"#)
                : .ok
        }
        let world = try await World()
        try await world.report("inst-1", token: "tok-1", notifications: .granted)
        let queued = try await world.queue.enqueue(PushMessage(body: "hi"), to: .installations(["inst-1"]), at: Self.start)
        let worker = try world.worker(fcm)
        #expect(try await worker.drainOnce() == 1)
        #expect(fcm.sendCount == 1)
        // 29 s later the send is not due; 30 s after the answer it is, and goes.
        world.advance(29)
        #expect(try await worker.drainOnce() == 0)
        #expect(fcm.sendCount == 1)
        world.advance(1)
        #expect(try await worker.drainOnce() == 1)
        let status = try #require(try await world.queue.status(of: queued.push))
        #expect(status.states == ["delivered": 1])
        #expect(status.list.first?.attempts == 2)
        #expect(fcm.acceptedKeys == ["\(queued.push):inst-1": 1])
        await fcm.stop()
        try await world.close()
    }

    @Test func aSendIsGivenUpAfterTheLastRetryAndTheReasonRecorded() async throws {
        let fcm = try await KeyedFakeFCM.start { _, _ in .init(status: 503, body: "{}") }
        let world = try await World()
        try await world.report("inst-1", token: "tok-1", notifications: .granted)
        let queued = try await world.queue.enqueue(PushMessage(body: "hi"), to: .installations(["inst-1"]), at: Self.start)
        let worker = try world.worker(fcm, attempts: 2)
        for wait in [0.0, 1, 2] {
            world.advance(wait)
            #expect(try await worker.drainOnce() == 1)
        }
        let send = try #require(try await world.queue.status(of: queued.push)?.list.first)
        #expect(send.state == .gaveUp && send.attempts == 3 && send.detail == "gave up after 3 attempts: retry")
        #expect(fcm.sendCount == 3 && fcm.acceptedKeys.isEmpty)
        await fcm.stop()
        try await world.close()
    }

    @Test func aSendWhoseWorkerDiedIsSentAgainWithTheSameKeyOnceItsLeaseRunsOut() async throws {
        let fcm = try await KeyedFakeFCM.start()
        let world = try await World()
        try await world.report("inst-1", token: "tok-1", notifications: .granted)
        let queued = try await world.queue.enqueue(PushMessage(body: "hi"), to: .installations(["inst-1"]), at: Self.start)
        // A worker claims the send and dies before recording anything.
        let claimed = try await world.queue.claim(limit: 10, at: Self.start, lease: .seconds(60))
        #expect(claimed.map(\.send) == ["\(queued.push):inst-1"])
        let worker = try world.worker(fcm)
        world.advance(59)
        #expect(try await worker.drainOnce() == 0)
        world.advance(1)
        #expect(try await worker.drainOnce() == 1)
        #expect(fcm.acceptedKeys == ["\(queued.push):inst-1": 1])
        let send = try #require(try await world.queue.status(of: queued.push)?.list.first)
        #expect(send.state == .delivered && send.attempts == 2)
        await fcm.stop()
        try await world.close()
    }
}
