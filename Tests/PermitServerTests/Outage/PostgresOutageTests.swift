import Foundation
import InMemoryLogging
import Logging
import PermitServer
import PermitSupport
import Testing

/// A real PostgreSQL outage under load, in process: the scratch server is stopped as a crash would stop it
/// (`pg_ctl stop -m immediate`) for 12 seconds while six clients send native reports, then started again.
@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .serialized)
struct PostgresOutageTests {
    static let appKey = "outage-app-key"

    /// In-flight writes fail (503 with a reason, an error logged), none hangs, none answers 500, and writes
    /// after PostgreSQL is back succeed; every write acknowledged with 204 is in the database.
    @Test func anOutageFailsTheWritesInFlightAndWritesSucceedOnceTheDatabaseIsBack() async throws {
        try await ScratchPostgres.withServer { database in
            let configuration = try await database.makeDatabase(logger: .quiet)
            var service = PermitServerService.Configuration(engine: .postgres(configuration), appKey: Self.appKey)
            service.port = 0
            let deadline = Duration.seconds(2)
            service.databaseDeadline = deadline
            let logs = InMemoryLogHandler()
            var logger = Logger(label: "permit.tests.outage") { _ in logs }
            logger.logLevel = .info
            let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)

            let clock = ContinuousClock()
            let settings = service, serverLogger = logger
            let (load, halted, resumed) = try await withThrowingTaskGroup(
                of: Void.self, returning: (NativeLoad, ContinuousClock.Instant, ContinuousClock.Instant).self
            ) { group in
                group.addTask {
                    try await PermitServerService(configuration: settings, logger: serverLogger).run { portContinuation.yield($0) }
                }
                defer { group.cancelAll() }
                var iterator = ports.makeAsyncIterator()
                let port = try #require(await iterator.next())
                let load = NativeLoad(port: port, appKey: Self.appKey)
                async let loading: Void = load.run(writers: 6)
                try await Task.sleep(for: .seconds(2))
                let halted = clock.now
                try await database.halt()
                try await Task.sleep(for: .seconds(12))
                try await database.resume()
                let resumed = clock.now
                try await Task.sleep(for: .seconds(10))
                load.stop()
                await loading
                return (load, halted, resumed)
            }

            let outcomes = load.outcomes
            let unanswered = outcomes.filter { $0.status == nil }
            #expect(unanswered.isEmpty, "\(unanswered.count) reports got no answer within 30 s, the first sent \(unanswered.first.map { halted.duration(to: $0.sent) } ?? .zero) after the halt")
            let slowest = outcomes.map(\.elapsed).max() ?? .zero
            // A write waits for at most its read, the commit in flight and its own commit, each bounded by the
            // deadline (and, rarely, for a write of another installation in its stripe ahead of it).
            #expect(slowest < deadline * 4 + .seconds(2), "the slowest answer took \(slowest)")
            let statuses = Set(outcomes.compactMap(\.status))
            #expect(statuses.isSubset(of: [204, 503]), "statuses \(statuses.sorted())")
            let refused = outcomes.filter { $0.status == 503 }
            #expect(!refused.isEmpty, "no write failed during a 12 s outage")
            #expect(refused.allSatisfy { $0.body.contains("storage") && $0.body.contains("retry") }, "\(refused.first?.body ?? "")")
            #expect(logs.entries.contains { $0.level == .error && "\($0.message)" == "native report not recorded" })

            // Once PostgreSQL is back (its pool reconnects within a few seconds), every write succeeds.
            let after = outcomes.filter { $0.sent > resumed.advanced(by: .seconds(5)) }
            #expect(!after.isEmpty)
            #expect(after.allSatisfy { $0.status == 204 }, "after the outage: \(after.map { $0.status ?? 0 })")
            let before = outcomes.filter { $0.sent < halted && $0.status == 204 }
            #expect(!before.isEmpty)

            // Nothing acknowledged is missing.
            let acknowledged = outcomes.filter { $0.status == 204 }
            try await RegistryEngine.postgres(configuration).withStorage(logger: .quiet) { storage in
                var missing: [String] = []
                for outcome in acknowledged where try await storage.record(installation: outcome.installation)?.token != outcome.token {
                    missing.append(outcome.installation)
                }
                #expect(missing.isEmpty, "\(missing.count) of \(acknowledged.count) acknowledged writes are missing")
            }
        }
    }
}
