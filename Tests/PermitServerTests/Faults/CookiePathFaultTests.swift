import Clocks
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import PermitServer
import Testing

/// The cookie path under real storage faults: the site's requests are answered as if nothing were wrong, no
/// later than the writer's wait, and every report is written once the storage is back. Before, 3,000 of 3,000
/// writes on a full disk were lost with nothing logged, a read-only database dropped them silently, and a held
/// lock delayed the site's requests by the busy timeout.
@Suite struct CookiePathFaultTests {
    /// Requests whose cookies each name a new installation, answered 200.
    private func sendNewInstallations(_ range: Range<Int>, prefix: String, to client: any TestClientProtocol) async throws {
        for index in range {
            let cookie = "permit_installation=\(prefix)-\(index); FCM_token=tok-\(index); p_Camera=yes"
            try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == ServerRoutes.landingText)
            }
        }
    }

    /// Waits until every report is written, moving `clock` on so that the retry rounds run.
    private func settle(_ writer: CookieWriter, advancing clock: TestClock<Duration>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await writer.settled() }
            group.addTask {
                while !Task.isCancelled {
                    await clock.advance(by: .seconds(60))
                    await Task.yield()
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Runs `body` with a world over a SQLite registry in a temporary folder, and a switch: `readOnly(true)` makes
    /// SQLite refuse every write (`PRAGMA query_only`, SQLITE_READONLY as on a read-only file), `readOnly(false)`
    /// allows them again.
    private func withReadOnlySwitch(
        clock: TestClock<Duration>, logger: Logger,
        _ body: @Sendable (ServerWorld, any TestClientProtocol, _ readOnly: @Sendable (Bool) async throws -> Void) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let executor = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
        let storage = SQLRegistryStorage(executor: executor)
        try await storage.prepare()
        do {
            try await ServerWorld.run(storage: storage, clock: clock, logger: logger) { world, client in
                try await body(world, client) { on in
                    _ = try await executor.rows(SQLStatement("PRAGMA query_only = \(on ? "ON" : "OFF")"))
                }
            }
        } catch {
            try? await executor.close()
            throw error
        }
        try await executor.close()
    }

    private func recordingLogger() -> (Logger, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "permit.server.tests", factory: { _ in handler })
        logger.logLevel = .info
        return (logger, handler)
    }

    @Test(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"), .timeLimit(.minutes(3)))
    func aFullDiskNeverFailsTheSiteAndEveryReportIsWrittenOnceThereIsRoom() async throws {
        let disk = try await SmallDisk(size: "1m")
        defer { disk.remove() }
        let (logger, logs) = recordingLogger()
        let clock = TestClock<Duration>()
        try await RegistryEngine.sqlite(path: disk.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            try await ServerWorld.run(storage: storage, clock: clock, logger: logger) { world, client in
                let filler = try disk.fill()
                try await sendNewInstallations(0..<300, prefix: "full", to: client)
                let metrics = world.writer.metrics
                #expect(metrics.failedAttempts > 0 && metrics.waiting > 0 && metrics.lost == 0)
                let errors = logs.entries.filter { $0.level == .error }
                #expect(errors.contains { "\($0.metadata["reason"] ?? "")".contains("full") }, "\(errors)")

                try FileManager.default.removeItem(atPath: filler)
                await settle(world.writer, advancing: clock)
                #expect(try await world.storage.tokenCount() == 300)
                #expect(try await world.storage.record(installation: "full-299")?.states == ["camera": .granted])
                #expect(world.writer.metrics.recovered == metrics.waiting && world.writer.metrics.pending == 0)
                #expect(logs.entries.contains { $0.level == .info && "\($0.message)".contains("recorded after failed attempts") })
            }
        }
    }

    /// SQLite's read-only mode (`PRAGMA query_only`): every write is refused with SQLITE_READONLY, as it is on a
    /// read-only database file.
    @Test(.timeLimit(.minutes(2)))
    func aReadOnlyDatabaseNeverFailsTheSiteAndEveryReportIsWrittenOnceItIsWritable() async throws {
        let (logger, logs) = recordingLogger()
        let clock = TestClock<Duration>()
        try await withReadOnlySwitch(clock: clock, logger: logger) { world, client, readOnly in
            try await readOnly(true)
            try await sendNewInstallations(0..<20, prefix: "ro", to: client)
            #expect(world.writer.metrics.failedAttempts == 20 && world.writer.metrics.waiting == 20)
            let errors = logs.entries.filter { $0.level == .error }
            #expect(errors.count == 1, "one line for the first failure; the retry rounds log the rest")
            #expect(errors.contains { "\($0.metadata["reason"] ?? "")".contains("readonly") }, "\(errors)")

            try await readOnly(false)
            await settle(world.writer, advancing: clock)
            #expect(try await world.storage.tokenCount() == 20)
            #expect(world.writer.metrics.recovered == 20)
        }
    }

    /// An orderly stop's last chance: the reports that wait for a retry round are retried at once by
    /// `finish(within:)`, not after the round's delay (the test clock never moves here, so a wait for the delay or
    /// for the limit would never end), and it answers `true` once they are written.
    @Test(.timeLimit(.minutes(1)))
    func finishRetriesWhatWaitsWithoutTheRoundsDelay() async throws {
        try await withReadOnlySwitch(clock: TestClock<Duration>(), logger: .quiet) { world, client, readOnly in
            try await readOnly(true)
            try await sendNewInstallations(0..<10, prefix: "stop", to: client)
            #expect(world.writer.metrics.waiting == 10)
            try await readOnly(false)
            #expect(await world.writer.finish(within: .seconds(5)))
            #expect(try await world.storage.tokenCount() == 10)
            #expect(world.writer.metrics.recovered == 10)
        }
    }

    /// Another connection holds the write lock: the write waits for SQLite's busy timeout (5 s), and the site's
    /// request goes on after the writer's wait (100 ms).
    @Test(.timeLimit(.minutes(1)))
    func aHeldLockDelaysTheSitesRequestByTheWaitAtMost() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            let holder = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
            _ = try await holder.rows(SQLStatement("BEGIN IMMEDIATE"))
            try await ServerWorld.run(storage: storage, wait: CookieWriter.defaultWait) { world, client in
                let clock = ContinuousClock()
                let started = clock.now
                try await sendNewInstallations(0..<1, prefix: "locked", to: client)
                let elapsed = clock.now - started
                _ = try await holder.rows(SQLStatement("COMMIT"))
                #expect(elapsed < .milliseconds(2_500), "the busy timeout is 5 s; the wait 100 ms")
                #expect(world.writer.metrics.slowWrites == 1)
                await world.writer.settled()
                #expect(try await world.storage.record(installation: "locked-0")?.token == "tok-0")
            }
            try await holder.close()
        }
    }
}
