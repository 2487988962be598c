import Foundation
import Logging
import PostgresNIO
import PermitServer
import PermitSupport
import Testing

/// The push queue drained by real `permit server` processes against keyed fake FCMs on loopback: a server killed
/// with SIGKILL mid-queue loses no send and never repeats one it recorded, and two servers on one PostgreSQL
/// share a queue without sending anything twice.
@Suite struct PushQueueProcessTests {
    /// Fills the registry behind `executor` with `count` installations whose notifications are granted, and
    /// queues one notification for them; returns every send's idempotency key.
    static func fill(_ executor: any SQLExecutor, count: Int) async throws -> Set<String> {
        let storage = SQLRegistryStorage(executor: executor)
        try await storage.prepare()
        try await storage.insertSyntheticInstallations(count: count, lastSeen: Date())
        try await executor.transaction([
            SQLStatement("UPDATE permit_installations SET states = $1", [.text(#"{"notifications":"granted"}"#)]),
        ])
        return try await queue(storage, count: count)
    }

    /// Queues one notification for the installations `fill` made; returns every send's idempotency key.
    static func queue(_ storage: SQLRegistryStorage, count: Int) async throws -> Set<String> {
        let queued = try await storage.pushQueue.enqueue(
            PushMessage(title: "New", body: "hello"), to: .kindState(kind: "notifications", state: .granted), at: Date())
        #expect(queued.sends == count)
        return Set((1...count).map { "\(queued.push):stale-\($0)" })
    }

    /// The idempotency keys of the sends the registry behind `executor` recorded as delivered, and how many wait.
    static func recorded(_ executor: any SQLExecutor) async throws -> (delivered: Set<String>, queued: Int) {
        let delivered = try await executor.rows(SQLStatement("SELECT send FROM permit_push_sends WHERE state = 'delivered'"))
        let queued = try await SQLRegistryStorage(executor: executor).pushQueue.pendingCount()
        return (Set(delivered.compactMap { $0.first?.text }), queued)
    }

    /// `permit server`'s arguments for sending through `fcm`, its service account written in `folder`;
    /// `lease` is how long a claimed send is the server's: short where a killed server's sends should come back
    /// soon, long where two live servers must never take each other's.
    static func pushArguments(_ fcm: KeyedFakeFCM, folder: TemporaryFolder, name: String, lease: Int) throws -> [String] {
        let account = folder.file("\(name)-account.json")
        try fcm.accountJSON().write(to: URL(fileURLWithPath: account))
        return [
            "--port", "0", "--fcm-service-account", account, "--fcm-endpoint", fcm.server.origin, "--push-lease", "\(lease)",
            "--log-level", "error",
        ] + ServerProcessTests.noRateLimits
    }

    @Test func aServerKilledMidQueueLosesNoSendAndRepeatsNoneItRecorded() async throws {
        let count = 6_000
        let fcm = try await KeyedFakeFCM.start()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        let executor = try await SQLiteExecutor.open(path: path, logger: .quiet)
        let keys = try await Self.fill(executor, count: count)
        try await executor.close()
        let arguments = ["--sqlite", path] + (try Self.pushArguments(fcm, folder: folder, name: "fcm", lease: 3))

        let first = try ServerProcess(arguments)
        let midway = await eventually(within: .seconds(60)) { fcm.sendCount >= 1_000 }
        await first.kill9()
        #expect(midway, "the first server sent \(fcm.sendCount) in 60 s: \(first.standardError.suffix(1000))")
        let reader = try await SQLiteExecutor.open(path: path, logger: .quiet)
        let atKill = try await Self.recorded(reader)
        try await reader.close()
        #expect(atKill.queued > 0, "the server was killed after the queue was drained, not mid-queue")

        let second = try ServerProcess(arguments)
        let drained = await eventually(within: .seconds(120)) { fcm.acceptedKeys.count >= count }
        // Every send arrived; the server records the last batch's outcomes a moment later. Stopped before that,
        // it would cancel them (a loaded machine did), and the check below is about what it records once done.
        var recordedAll = false
        let recording = ContinuousClock.now.advanced(by: .seconds(30))
        while drained, !recordedAll, ContinuousClock.now < recording {
            let watcher = try await SQLiteExecutor.open(path: path, logger: .quiet)
            recordedAll = try await Self.recorded(watcher).queued == 0
            try await watcher.close()
            if !recordedAll { try await Task.sleep(for: .milliseconds(100)) }
        }
        second.send(SIGTERM)
        if await second.waitForExit(within: .seconds(15)) == nil { await second.kill9() }
        #expect(drained, "\(fcm.acceptedKeys.count) of \(count) sends arrived: \(second.standardError.suffix(1000))")

        let accepted = fcm.acceptedKeys
        #expect(Set(accepted.keys) == keys, "\(keys.subtracting(accepted.keys).count) sends lost")
        // At least once: a send in flight when the server died may come again, with its key, so that the receiver
        // drops it; a send the server recorded never does.
        let repeated = fcm.repeatedKeys
        #expect(repeated.allSatisfy { !atKill.delivered.contains($0) }, "a recorded send was sent again")
        #expect(repeated.count <= PushQueueWorker.Configuration().batch, "\(repeated.count) sends repeated")
        let reopened = try await SQLiteExecutor.open(path: path, logger: .quiet)
        let final = try await Self.recorded(reopened)
        try await reopened.close()
        #expect(final.delivered == keys && final.queued == 0)
        await fcm.stop()
    }

    @Test(.enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed"))
    func twoServersOnOnePostgreSQLShareTheQueueWithoutDoubleSends() async throws {
        let count = 4_000
        try await ScratchPostgres.withServer { database in
            let configuration = try await database.makeDatabase(logger: .quiet)
            let url = "postgres://postgres@127.0.0.1:\(database.port)/\(configuration.database ?? "")"
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (fcmA, fcmB) = (try await KeyedFakeFCM.start(), try await KeyedFakeFCM.start())
            let serverA = try ServerProcess(["--postgres", url] + (try Self.pushArguments(fcmA, folder: folder, name: "a", lease: 60)))
            let serverB = try ServerProcess(["--postgres", url] + (try Self.pushArguments(fcmB, folder: folder, name: "b", lease: 60)))
            _ = try #require(await serverA.listeningPort(within: .seconds(30)), "A: \(serverA.standardError)")
            _ = try #require(await serverB.listeningPort(within: .seconds(30)), "B: \(serverB.standardError)")
            // Queued once both drain, so that both take part.
            let keys = try await PostgresExecutor.withExecutor(configuration: configuration, logger: .quiet) { executor in
                try await Self.fill(executor, count: count)
            }
            let drained = await eventually(within: .seconds(120)) {
                fcmA.acceptedKeys.count + fcmB.acceptedKeys.count >= count
            }
            // Each server records a batch's outcomes once the batch's sends have returned: the last ones may still
            // be on their way to the database when the fakes have them all, so stop the servers after they are in.
            _ = try await eventually(within: .seconds(30)) {
                try await PostgresExecutor.withExecutor(configuration: configuration, logger: .quiet) { executor in
                    try await Self.recorded(executor).queued == 0
                }
            }
            for server in [serverA, serverB] {
                server.send(SIGTERM)
                if await server.waitForExit(within: .seconds(15)) == nil { await server.kill9() }
            }
            #expect(drained, "\(fcmA.acceptedKeys.count) + \(fcmB.acceptedKeys.count) of \(count) sends arrived")
            let (a, b) = (Set(fcmA.acceptedKeys.keys), Set(fcmB.acceptedKeys.keys))
            #expect(a.union(b) == keys, "\(keys.subtracting(a.union(b)).count) sends lost")
            #expect(a.isDisjoint(with: b), "\(a.intersection(b).count) sends went through both servers")
            #expect(fcmA.repeatedKeys.isEmpty && fcmB.repeatedKeys.isEmpty)
            #expect(!a.isEmpty && !b.isEmpty, "one server sent everything: A \(a.count), B \(b.count)")
            let final = try await PostgresExecutor.withExecutor(configuration: configuration, logger: .quiet) { executor in
                try await Self.recorded(executor)
            }
            #expect(final.delivered == keys && final.queued == 0)
            await fcmA.stop()
            await fcmB.stop()
        }
    }
}
