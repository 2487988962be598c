import Crypto
import Foundation
import HTTPTypes
import Hummingbird
package import Logging
import NIOCore
import PermitPageServer
import PermitSupport

/// What `permit bench server` measures of the push queue: pushes a second from queue to fake FCM and APNs on
/// loopback, and the process's memory with a million sends queued.
package enum PushQueueBench {
    /// The figures of one engine.
    package struct Figures: Sendable, Hashable, Codable {
        /// Sends drained in the throughput run.
        package var pushes: Int
        /// How long queuing them took, in seconds (one transaction).
        package var enqueueSeconds: Double
        /// How long draining them took, in seconds.
        package var drainSeconds: Double
        /// Sends a second, from queued to answered and recorded.
        package var pushesPerSecond: Double
        /// Sends the fakes saw more than once (none expected without a failure).
        package var repeated: Int
        /// Sends queued for the memory figure.
        package var queuedSends: Int
        /// How long queuing them took, in seconds.
        package var queuedEnqueueSeconds: Double
        /// Sends drained from that queue before memory was read.
        package var queuedDrained: Int
        /// The process's resident memory then, in MB.
        package var residentMegabytes: Double
        /// The process's peak resident memory so far (the whole benchmark run), in MB.
        package var peakResidentMegabytes: Double
    }

    /// Measures on `storage`: `pushes` sends drained by one worker of `concurrency` to a fake FCM (Android
    /// installations) and a fake APNs (iOS), then `queued` sends queued and `sample` of them drained before the
    /// resident memory is read; `progress` is told each step.
    package static func measure(
        storage: SQLRegistryStorage, name: String, pushes: Int, queued: Int, sample: Int, concurrency: Int, logger: Logger,
        progress: @Sendable (String) -> Void
    ) async throws -> Figures {
        let fake = try await FakeServices.start(logger: logger)
        do {
            let figures = try await measure(
                storage: storage, fake: fake, name: name, pushes: pushes, queued: queued, sample: sample,
                concurrency: concurrency, logger: logger, progress: progress)
            await fake.server.stop()
            return figures
        } catch {
            await fake.server.stop()
            throw error
        }
    }

    private static func measure(
        storage: SQLRegistryStorage, fake: FakeServices, name: String, pushes: Int, queued: Int, sample: Int,
        concurrency: Int, logger: Logger, progress: @Sendable (String) -> Void
    ) async throws -> Figures {
        let registry = TokenRegistry(storage: storage, logger: logger)
        let fcm = try FCMSender(
            account: try FCMServiceAccount.generated(projectID: "bench", clientEmail: "bench@bench.invalid", tokenURI: fake.server.origin + "/token"),
            endpoint: fake.server.origin, logger: logger)
        let apns = try APNsSender(
            key: APNsSigningKey(keyID: "BENCHKEY", teamID: "BENCHTEAM", privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation),
            topic: "bench.app", endpoint: fake.server.origin, sandboxEndpoint: fake.server.origin, logger: logger)
        var configuration = PushQueueWorker.Configuration()
        configuration.concurrency = concurrency
        let delivery = PushDelivery(registry: registry, services: [.android: fcm, .ios: apns], schedule: configuration.schedule, logger: logger)
        let worker = PushQueueWorker(queue: storage.pushQueue, delivery: delivery, configuration: configuration, logger: logger)
        let clock = ContinuousClock()

        progress("\(name): \(pushes) pushes through the queue to fake FCM and APNs, \(concurrency) in flight")
        try await fill(storage, count: pushes)
        var start = clock.now
        let throughput = try await storage.pushQueue.enqueue(PushMessage(title: "Bench", body: "hello"), to: selection, at: Date())
        let enqueueSeconds = LoopbackLoad.seconds(clock.now - start)
        start = clock.now
        var drained = 0
        while drained < throughput.sends {
            let claimed = try await worker.drainOnce()
            if claimed == 0, try await storage.pushQueue.pendingCount() == 0 { break }
            drained += claimed
        }
        let drainSeconds = LoopbackLoad.seconds(clock.now - start)
        guard fake.accepted == throughput.sends else {
            throw ServerError.storageFailed.withDetail("\(name): the fakes accepted \(fake.accepted) of \(throughput.sends) pushes")
        }

        progress("\(name): queuing \(queued) sends, then draining \(sample) of them")
        try await fill(storage, count: queued)
        start = clock.now
        let big = try await storage.pushQueue.enqueue(PushMessage(title: "Bench", body: "hello"), to: selection, at: Date())
        let queuedEnqueueSeconds = LoopbackLoad.seconds(clock.now - start)
        var sampled = 0
        while sampled < sample {
            let claimed = try await worker.drainOnce()
            if claimed == 0 { break }
            sampled += claimed
        }
        let memory = residentMemory()
        return Figures(
            pushes: throughput.sends, enqueueSeconds: rounded(enqueueSeconds), drainSeconds: rounded(drainSeconds),
            pushesPerSecond: (Double(throughput.sends) / drainSeconds).rounded(), repeated: fake.repeated,
            queuedSends: big.sends, queuedEnqueueSeconds: rounded(queuedEnqueueSeconds), queuedDrained: sampled,
            residentMegabytes: memory.current, peakResidentMegabytes: memory.peak)
    }

    private static let selection = PushSelection.kindState(kind: "bench", state: .granted)

    /// Replaces the bench's installations with `count` new ones, half iOS and half Android, each with a token
    /// and `bench` granted, and empties the queue.
    private static func fill(_ storage: SQLRegistryStorage, count: Int) async throws {
        try await storage.executor.transaction([
            SQLStatement("DELETE FROM permit_push_sends"),
            SQLStatement("DELETE FROM permit_pushes"),
            SQLStatement("DELETE FROM permit_installations WHERE installation LIKE 'stale-%'"),
        ])
        try await storage.insertSyntheticInstallations(count: count, lastSeen: Date())
        try await storage.executor.transaction([
            SQLStatement(
                """
                UPDATE permit_installations SET states = $1,
                    platform = CASE WHEN CAST(SUBSTR(installation, 7) AS INTEGER) % 2 = 0 THEN $2 ELSE platform END
                WHERE installation LIKE 'stale-%'
                """, [.text(#"{"bench":"granted"}"#), .text(Platform.android.rawValue)]),
        ])
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// The process's resident memory now and at its peak, in MB, from `/proc/self/status` (0 where it is missing).
    package static func residentMemory() -> (current: Double, peak: Double) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
                let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
            else { return 0 }
            return (kilobytes / 1024).rounded()
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// FCM's token and send endpoints and APNs' device endpoint on one loopback server, answering 200 to every
    /// send and counting the idempotency keys it sees more than once.
    private struct FakeServices: Sendable {
        let server: LoopbackServer
        private let keys: Locked<(seen: Set<String>, repeated: Int)>

        var accepted: Int { keys.withLock { $0.seen.count } }
        var repeated: Int { keys.withLock { $0.repeated } }

        static func start(logger: Logger) async throws -> FakeServices {
            let keys = Locked<(seen: Set<String>, repeated: Int)>(([], 0))
            let router = Router()
            router.post("/token") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: #"{"access_token":"bench","expires_in":3600}"#)))
            }
            @Sendable func count(_ key: String?) {
                guard let key else { return }
                keys.withLock { if !$0.seen.insert(key).inserted { $0.repeated += 1 } }
            }
            router.post("/v1/projects/bench/messages:send") { request, _ in
                _ = try await request.body.collect(upTo: 1 << 16)
                count(request.headers[HTTPField.Name(PushTarget.idempotencyHeader)!])
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: #"{"name":"projects/bench/messages/1"}"#)))
            }
            router.post("/3/device/:token") { request, _ in
                _ = try await request.body.collect(upTo: 1 << 16)
                count(request.headers[HTTPField.Name("apns-id")!])
                return Response(status: .ok)
            }
            var quiet = logger
            quiet.logLevel = .critical
            return FakeServices(server: try await LoopbackServer.start(router: router, logger: quiet), keys: keys)
        }
    }
}
