import Clocks
import Foundation
import Logging
import Permit
import PermitServer
import Testing
import PermitSupport

@Suite struct TokenPrunerTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)
    let day: TimeInterval = 86_400

    @Test func thePolicyFollowsFirebase() {
        let policy = PrunePolicy()
        #expect(policy.cutoffs(at: t0) == (t0 - 30 * day, t0 - 30 * day))
        let lenient = PrunePolicy(staleAfter: 400 * day)
        #expect(lenient.cutoffs(at: t0) == (t0 - 400 * day, t0 - 270 * day))
    }

    @Test func staleInstallationsArePrunedOnScheduleAndTheCacheForgotten() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let logger = Logger.quiet
        let t0 = self.t0, day = self.day
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: logger) { base in
            let storage = PruneSignallingStorage(base)
            let wallClock = Locked(t0)
            let registry = TokenRegistry(storage: storage, logger: logger, now: { wallClock.withLock { $0 } })
            try await registry.record(InstallationReport(installation: "old", token: "tok-old", platform: .ios))
            try await registry.record(InstallationReport(installation: "android", token: "tok-a", platform: .android))
            wallClock.withLock { $0 += 20 * day }
            try await registry.record(InstallationReport(installation: "recent", token: "tok-r", platform: .ios))
            wallClock.withLock { $0 += 15 * day }

            let clock = TestClock()
            let pruner = TokenPruner(storage: storage, registry: registry, interval: .seconds(3_600), clock: clock,
                                     logger: logger, now: { wallClock.withLock { $0 } })
            let task = Task { await pruner.run() }
            var pruned = storage.pruned.makeAsyncIterator()
            #expect(await pruned.next() == 2)
            #expect(try await storage.record(installation: "old") == nil)
            #expect(try await storage.record(installation: "android") == nil)
            #expect(try await storage.record(installation: "recent") != nil)
            // The registry read the storage again: the pruned installation is new when it comes back.
            #expect(try await registry.record(InstallationReport(installation: "old", token: "tok-old")))

            // Sixteen days on, the next pass (an hour of the pruner's clock later) prunes "recent".
            wallClock.withLock { $0 += 16 * day }
            var advanced = 0
            while storage.passes == 1, advanced < 10_000 {
                await clock.advance(by: .seconds(3_600))
                await Task.yield()
                advanced += 1
            }
            #expect(await pruned.next() == 1)
            #expect(try await storage.record(installation: "recent") == nil)
            #expect(try await storage.record(installation: "old") != nil)
            task.cancel()
            await task.value
        }
    }
}

/// Passes everything to a storage and tells each prune's count on an async sequence.
final class PruneSignallingStorage: ForwardingStorage {
    let base: any RegistryStorage
    let pruned: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    private let count = Locked(0)

    /// How many prunes have finished.
    var passes: Int { count.withLock { $0 } }

    init(_ base: any RegistryStorage) {
        self.base = base
        (pruned, continuation) = AsyncStream.makeStream()
    }

    func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int {
        let count = try await base.prune(lastSeenBefore: cutoff, androidLastSeenBefore: androidCutoff)
        self.count.withLock { $0 += 1 }
        continuation.yield(count)
        return count
    }
}
