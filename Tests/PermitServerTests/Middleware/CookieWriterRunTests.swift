import Clocks
import Foundation
import PermitServer
import Testing

/// The cookie writer's lifetime: its writes and retry rounds run in ``CookieWriter/run()``, in the owner's task
/// group; what requests submit while it is not running waits for it, and a run that is cancelled leaves its work,
/// retry loop included, to the next.
@Suite struct CookieWriterRunTests {
    private func report(_ installation: String) -> InstallationReport {
        InstallationReport(installation: installation, token: "tok-\(installation)", platform: .android, states: ["camera": .granted])
    }

    /// Runs `body` with a writer over an SQLite registry in a temporary folder, its waits on `clock`, and a switch
    /// that makes SQLite refuse every write (`PRAGMA query_only`) or allow them again.
    private func withWriter(
        wait: Duration = .seconds(30), clock: any Clock<Duration> = ContinuousClock(),
        _ body: (CookieWriter, SQLRegistryStorage, _ readOnly: (Bool) async throws -> Void) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let executor = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
        let storage = SQLRegistryStorage(executor: executor)
        do {
            try await storage.prepare()
            let writer = CookieWriter(
                registry: TokenRegistry(storage: storage, logger: .quiet), wait: wait, clock: clock, logger: .quiet)
            try await body(writer, storage) { on in
                _ = try await executor.rows(SQLStatement("PRAGMA query_only = \(on ? "ON" : "OFF")"))
            }
        } catch {
            try? await executor.close()
            throw error
        }
        try await executor.close()
    }

    /// Runs `body` while `writer` runs, then cancels the writer and waits for its `run()` to return.
    private func whileRunning(_ writer: CookieWriter, _ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await writer.run() }
            defer { group.cancelAll() }
            try await body()
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aReportSubmittedBeforeRunStartsIsWrittenOnceItRuns() async throws {
        try await withWriter(wait: .zero) { writer, storage, _ in
            // Nothing writes yet: the request that waits goes on after its wait, counted as slow.
            await writer.record(report("early-1"))
            await writer.record(report("early-2"), waitForWrite: false)
            #expect(writer.metrics.slowWrites == 1 && writer.metrics.pending == 2 && writer.metrics.written == 0)
            #expect(try await storage.record(installation: "early-1") == nil)

            try await whileRunning(writer) {
                await writer.settled()
            }
            #expect(try await storage.record(installation: "early-1")?.token == "tok-early-1")
            #expect(try await storage.record(installation: "early-2")?.token == "tok-early-2")
            #expect(writer.metrics.written == 2 && writer.metrics.pending == 0)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func runReturnsWhenCancelledAndTheNextRunWritesWhatCameMeanwhile() async throws {
        try await withWriter { writer, storage, _ in
            try await whileRunning(writer) {
                await writer.record(report("first"))
            }
            #expect(try await storage.record(installation: "first")?.token == "tok-first")
            // run() has returned (the group waited for it): a report now waits for the next run.
            await writer.record(report("between"), waitForWrite: false)
            #expect(writer.metrics.pending == 1)
            #expect(try await storage.record(installation: "between") == nil)

            try await whileRunning(writer) {
                await writer.settled()
            }
            #expect(try await storage.record(installation: "between")?.token == "tok-between")
            #expect(writer.metrics.written == 2)
        }
    }

    /// A write fails and its report waits for a retry round when the run is cancelled: the next run retries it
    /// (the test clock never moves, so only `finish(within:)`'s round, not the delay nor the limit, can end it).
    @Test(.timeLimit(.minutes(1)))
    func aRetryLoopCutShortByCancellationGoesOnInTheNextRun() async throws {
        try await withWriter(clock: TestClock<Duration>()) { writer, storage, readOnly in
            try await readOnly(true)
            try await whileRunning(writer) {
                await writer.record(report("outage"))
                #expect(writer.metrics.failedAttempts == 1 && writer.metrics.waiting == 1)
            }
            try await readOnly(false)
            try await whileRunning(writer) {
                #expect(await writer.finish(within: .seconds(60)))
            }
            #expect(try await storage.record(installation: "outage")?.token == "tok-outage")
            #expect(writer.metrics.recovered == 1 && writer.metrics.pending == 0)
        }
    }
}
