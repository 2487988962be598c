import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// The registry's answer to a write refused because another server wrote first: read again, plan anew, and give
/// up with a storage failure only when the record keeps changing.
@Suite struct ConflictRetryTests {
    /// Before each of the first `races` saves, another writer changes the installation's record (a new token of
    /// its own), as a server racing this one would; every save after that goes through.
    final class RacedStorage: ForwardingStorage {
        let base: any RegistryStorage
        private let state: Locked<(races: Int, saves: Int, reads: Int)>

        init(_ base: any RegistryStorage, races: Int) {
            self.base = base
            state = Locked((races, 0, 0))
        }

        var saves: Int { state.withLock { $0.saves } }
        var reads: Int { state.withLock { $0.reads } }

        func save(_ writes: [RegistryWrite]) async throws {
            let race = state.withLock { state in
                state.saves += 1
                defer { state.races -= 1 }
                return state.races > 0
            }
            if race, let write = writes.first, var other = try await base.record(installation: write.record.installation) {
                other.token = "tok-other-\(saves)"
                try await base.save(other, adding: [:], on: write.day, precondition: .revision(other.revision))
            }
            try await base.save(writes)
        }

        func record(installation: String) async throws -> InstallationRecord? {
            state.withLock { $0.reads += 1 }
            return try await base.record(installation: installation)
        }
    }

    func withRegistry(races: Int, _ body: @Sendable (TokenRegistry, RacedStorage) async throws -> Void) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { base in
            try await base.save(
                InstallationRecord(installation: "inst-1", token: "tok-1", platform: .ios,
                                   firstSeen: Date(timeIntervalSince1970: 1_780_000_000),
                                   lastSeen: Date(timeIntervalSince1970: 1_780_000_000), states: [:]),
                adding: [:], on: "2026-05-28")
            let storage = RacedStorage(base, races: races)
            try await body(TokenRegistry(storage: storage, logger: .quiet, now: { Date(timeIntervalSince1970: 1_780_000_100) }), storage)
        }
    }

    @Test func aWriteRefusedTwiceIsPlannedAgainOnTheRecordAsStoredAndCountedOnce() async throws {
        try await withRegistry(races: 2) { registry, storage in
            #expect(try await registry.record(InstallationReport(installation: "inst-1", states: ["camera": .granted])))
            #expect(storage.saves == 3)
            #expect(storage.reads == 3)
            let stored = try #require(try await storage.record(installation: "inst-1"))
            // The other writer's last token stays: the report carried none.
            #expect(stored.token == "tok-other-2" && stored.states == ["camera": .granted])
            #expect(try await storage.grantDays(from: "2026-05-28", through: "2026-05-28").map(\.counts) == [GrantCounts(granted: 1)])
        }
    }

    @Test func aRecordThatKeepsChangingFailsTheReportAsAStorageFailure() async throws {
        try await withRegistry(races: 1_000) { registry, storage in
            await #expect(throws: ServerError.storageFailed) {
                try await registry.record(InstallationReport(installation: "inst-1", states: ["camera": .granted]))
            }
            #expect(storage.saves == 8)
            let days = try await storage.grantDays(from: "2026-05-28", through: "2026-05-28")
            #expect(days.isEmpty)
        }
    }
}
