import Foundation
import Logging
import Permit
import PermitServer
import Testing
import PermitSupport

/// The registry's group commit: concurrent reports of different installations share one transaction, none
/// returns before its own write is committed, and one bad write does not fail the others.
@Suite struct GroupCommitTests {
    /// Holds the first batch until ``release()``, records every batch's installations, and refuses any batch
    /// holding `refused`.
    final class GatedStorage: ForwardingStorage {
        let base: any RegistryStorage
        private let refused: String?
        private let batchesSeen = Locked([[String]]())
        private let latch = Latch()

        init(_ base: any RegistryStorage, refusing refused: String? = nil) {
            self.base = base
            self.refused = refused
        }

        var batches: [[String]] { batchesSeen.withLock { $0 } }

        func release() { latch.open() }

        func save(_ writes: [RegistryWrite]) async throws {
            let installations = writes.map(\.record.installation)
            let first = batchesSeen.withLock { batches in
                batches.append(installations)
                return batches.count == 1
            }
            if first { await latch.wait() }
            if let refused, installations.contains(refused) {
                throw ServerError.storageFailed.withDetail("refused \(refused)")
            }
            try await base.save(writes)
        }
    }

    /// Runs `body` with a registry over a gated SQLite storage.
    func withRegistry(
        refusing refused: String? = nil, _ body: @Sendable (TokenRegistry, GatedStorage) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { base in
            let storage = GatedStorage(base, refusing: refused)
            try await body(TokenRegistry(storage: storage, logger: .quiet), storage)
        }
    }

    static func report(_ installation: String) -> InstallationReport {
        InstallationReport(installation: installation, token: "token-\(installation)", platform: .ios, states: ["camera": .granted])
    }

    @Test func writesQueuedBehindACommitShareTheNextOneAndWaitForIt() async throws {
        try await withRegistry { registry, storage in
            let finished = Locked([String]())
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await registry.record(Self.report("first"))
                    finished.withLock { $0.append("first") }
                }
                let started = await eventually(within: .seconds(10)) { !storage.batches.isEmpty }
                for index in 1...5 {
                    group.addTask {
                        try await registry.record(Self.report("queued-\(index)"))
                        finished.withLock { $0.append("queued-\(index)") }
                    }
                }
                let queued = await eventually(within: .seconds(10)) { await registry.queuedWriteCount == 5 }
                // Nothing returns while the first commit is held: no report is acknowledged before its write.
                #expect(finished.withLock { $0 }.isEmpty)
                // Released whatever happened, so that a failed wait fails the test instead of hanging it.
                storage.release()
                #expect(started && queued)
                try await group.waitForAll()
            }
            #expect(storage.batches.count == 2)
            #expect(storage.batches.first == ["first"])
            #expect(Set(storage.batches.last ?? []) == Set((1...5).map { "queued-\($0)" }))
            #expect(finished.withLock { $0 }.count == 6)
            for index in 1...5 {
                #expect(try await storage.record(installation: "queued-\(index)")?.token == "token-queued-\(index)")
            }
            let days = try await storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            #expect(days.map(\.counts) == [GrantCounts(granted: 6)])
        }
    }

    @Test func aBadWriteFailsAloneAndTheOthersOfItsBatchAreCommitted() async throws {
        try await withRegistry(refusing: "bad") { registry, storage in
            let outcomes = Locked([String: Bool]())
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try? await registry.record(Self.report("first")) }
                let started = await eventually(within: .seconds(10)) { !storage.batches.isEmpty }
                for installation in ["good-1", "bad", "good-2"] {
                    group.addTask {
                        let recorded = (try? await registry.record(Self.report(installation))) != nil
                        outcomes.withLock { $0[installation] = recorded }
                    }
                }
                let queued = await eventually(within: .seconds(10)) { await registry.queuedWriteCount == 3 }
                storage.release()
                #expect(started && queued)
                try await group.waitForAll()
            }
            #expect(outcomes.withLock { $0 } == ["good-1": true, "bad": false, "good-2": true])
            #expect(try await storage.record(installation: "good-1") != nil)
            #expect(try await storage.record(installation: "good-2") != nil)
            #expect(try await storage.record(installation: "bad") == nil)
            // The batch of three was refused whole, then each write was tried on its own.
            #expect(storage.batches.count == 5)
        }
    }
}
