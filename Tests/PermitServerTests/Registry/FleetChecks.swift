import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// Two servers sharing one database, as a fleet does: two registries, each with its own cache, over two
/// storages (two connections or pools) on the same database, and a wall clock both read.
struct Fleet: Sendable {
    let a: TokenRegistry
    let b: TokenRegistry
    /// A third storage on the database, for reading what is stored.
    let storage: any RegistryStorage
    let clock: Locked<Date>

    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    /// Moves the wall clock on by `seconds`.
    func advance(_ seconds: TimeInterval) { clock.withLock { $0 += seconds } }

    /// The fleet over `engine`, opened three times.
    static func run(on engine: RegistryEngine, _ body: @Sendable (Fleet) async throws -> Void) async throws {
        let clock = Locked(t0)
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        try await engine.withStorage(logger: .quiet) { first in
            try await engine.withStorage(logger: .quiet) { second in
                try await engine.withStorage(logger: .quiet) { reader in
                    try await body(Fleet(
                        a: TokenRegistry(storage: first, logger: .quiet, now: now),
                        b: TokenRegistry(storage: second, logger: .quiet, now: now),
                        storage: reader, clock: clock))
                }
            }
        }
    }
}

/// One check of a fleet on one database, run against every engine.
struct FleetCheck: Sendable, CustomTestStringConvertible {
    let name: String
    let body: @Sendable (Fleet) async throws -> Void

    var testDescription: String { name }
}

/// What two servers on one database must get right: each report counted once whichever server takes it, and
/// no server writing back its stale copy over the other's change.
enum FleetChecks {
    static let checks: [FleetCheck] = [
        FleetCheck(name: "200 installations granting once through both servers at once count 200 asked, 200 granted") { fleet in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    for registry in [fleet.a, fleet.b] {
                        group.addTask {
                            try await registry.record(InstallationReport(
                                installation: "inst-\(index)", token: "tok-\(index)", platform: .ios, states: ["camera": .granted]))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let days = try await fleet.storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            #expect(days.map(\.kind) == ["camera"])
            #expect(days.first?.counts.asked == 200)
            #expect(days.first?.counts.granted == 200)
            #expect(days.first?.counts.denied == 0)
            #expect(days.first?.counts.changedMind == 0)
            #expect(try await fleet.storage.record(installation: "inst-7")?.states == ["camera": .granted])
        },
        FleetCheck(name: "the same report sent to each server in turn is counted once") { fleet in
            let report = InstallationReport(installation: "inst-1", token: "tok-1", platform: .ios, states: ["camera": .denied])
            #expect(try await fleet.a.record(report))
            #expect(try await !fleet.b.record(report))
            #expect(try await !fleet.a.record(report))
            let days = try await fleet.storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            #expect(days.map(\.counts.asked) == [1])
            #expect(days.map(\.counts.denied) == [1])
        },
        FleetCheck(name: "a denial made through B is not turned back to granted by A's stale copy") { fleet in
            try await fleet.a.record(InstallationReport(installation: "inst-1", token: "tok-1", platform: .ios,
                                                        states: ["camera": .granted]))
            try await fleet.b.record(InstallationReport(installation: "inst-1", states: ["camera": .denied]))
            // A still holds camera granted; a report of another kind makes it write.
            try await fleet.a.record(InstallationReport(installation: "inst-1", states: ["location": .granted]))
            let stored = try #require(try await fleet.storage.record(installation: "inst-1"))
            #expect(stored.states == ["camera": .denied, "location": .granted])
            #expect(stored.token == "tok-1")
        },
        FleetCheck(name: "a token rotated through B does not go back to the old one through A") { fleet in
            // The installation proves itself (a report without a proof never replaces a stored token).
            let proof = InstallationReport.Proof.presented(try await fleet.a.installationProofs().proof(for: "inst-1"))
            try await fleet.a.record(InstallationReport(installation: "inst-1", token: "tok-old", platform: .android,
                                                        states: ["camera": .granted], proof: proof))
            try await fleet.b.record(InstallationReport(installation: "inst-1", token: "tok-new", proof: proof))
            // A still holds the old token; a report without a token (a native report of states) makes it write.
            try await fleet.a.record(InstallationReport(installation: "inst-1", states: ["microphone": .denied], proof: proof))
            let stored = try #require(try await fleet.storage.record(installation: "inst-1"))
            #expect(stored.token == "tok-new")
            #expect(stored.states == ["camera": .granted, "microphone": .denied])
            #expect(stored.platform == .android)
        },
        FleetCheck(name: "A records a report its stale copy matches once the copy is a minute old") { fleet in
            try await fleet.a.record(InstallationReport(installation: "inst-1", token: "tok-1", platform: .ios,
                                                        states: ["notifications": .granted]))
            fleet.advance(10)
            try await fleet.b.record(InstallationReport(installation: "inst-1", states: ["notifications": .denied]))
            fleet.advance(61)
            // Granted again in Settings, reported through A, whose copy still says granted.
            try await fleet.a.record(InstallationReport(installation: "inst-1", states: ["notifications": .granted]))
            #expect(try await fleet.storage.record(installation: "inst-1")?.states == ["notifications": .granted])
        },
        FleetCheck(name: "an installation deleted through A is not written back from B's copy") { fleet in
            try await fleet.b.record(InstallationReport(installation: "inst-1", token: "tok-1", platform: .ios,
                                                        states: ["camera": .granted]))
            #expect(try await fleet.a.deleteInstallation("inst-1"))
            #expect(try await fleet.storage.record(installation: "inst-1") == nil)
            // B still holds the old copy; the installation's next report is recorded anew, without the deleted data.
            try await fleet.b.record(InstallationReport(installation: "inst-1", states: ["location": .granted]))
            let stored = try #require(try await fleet.storage.record(installation: "inst-1"))
            #expect(stored.token == nil && stored.states == ["location": .granted])
        },
        FleetCheck(name: "the servers share one proof key, created once: a proof issued through A is accepted through B") { fleet in
            // One after the other: two connections of one process waiting on one SQLite file's lock can starve
            // each other of SQLiteNIO's threads (see the migration tests); two processes do not.
            let proofA = try await fleet.a.installationProofs().proof(for: "inst-1")
            let proofB = try await fleet.b.installationProofs().proof(for: "inst-1")
            #expect(proofA == proofB)
            // The first native report through A proves the installation; B then takes its proof, and only its proof.
            try await fleet.a.record(InstallationReport(installation: "inst-1", token: "tok-1", proof: .claim))
            try await fleet.b.record(InstallationReport(installation: "inst-1", token: "tok-2", proof: .presented(proofA)))
            await #expect(throws: ServerError.proofRefused) {
                try await fleet.b.record(InstallationReport(installation: "inst-1", token: "tok-3"))
            }
            await #expect(throws: ServerError.proofRefused) {
                try await fleet.a.record(InstallationReport(installation: "inst-1", token: "tok-3", proof: .claim))
            }
            let stored = try #require(try await fleet.storage.record(installation: "inst-1"))
            #expect(stored.token == "tok-2" && stored.proven)
        },
    ]
}

/// The fleet on one SQLite file, opened by two connections.
@Suite struct SQLiteFleetTests {
    @Test(arguments: FleetChecks.checks)
    func fleet(_ check: FleetCheck) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await Fleet.run(on: .sqlite(path: folder.file("registry.sqlite"))) { try await check.body($0) }
    }
}

/// The fleet on one PostgreSQL database, through two connection pools: what `permit server --postgres` is for.
@Suite(
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .postgresServer)
struct PostgresFleetTests {
    @Test(arguments: FleetChecks.checks)
    func fleet(_ check: FleetCheck) async throws {
        let server = try #require(PostgresTestServer.current)
        let configuration = try await server.makeDatabase()
        try await Fleet.run(on: .postgres(configuration)) { try await check.body($0) }
    }
}
