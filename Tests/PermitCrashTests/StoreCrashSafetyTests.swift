import Foundation
import Logging
import Permit
import PermitTesting
import Testing

/// `kill -9` in the middle of store writes, for real: a child process (`permit-store-writer`) saves a
/// `FilePermissionStore` in a loop and reports each save once it has returned; the test kills it at random
/// moments and loads the store after every kill.
///
/// What a load must give, precisely: let K be the last snapshot the child reported saved (or the one it
/// reported loading, when it saved none). The store loads snapshot K, or snapshot K+1 (the save under way when
/// the kill came, which may have reached its rename). Never an older one, never a mix of two (every snapshot
/// is compared whole with the one of its number), never an empty or corrupt store once one was written, and
/// never a `.corrupt` file set aside.
@Suite(.serialized, .timeLimit(.minutes(2))) struct StoreCrashSafetyTests {
    static let kills = 150

    @Test func aStoreKilledAtRandomMomentsLoadsTheLastCompleteSnapshotOrTheOneInProgress() async throws {
        let writer = try #require(Self.writerExecutable(), "permit-store-writer is not built next to the tests")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("permissions.json")
        let store = FilePermissionStore(url: url, logger: quietLogger)
        // Seeded, so that a failing schedule of kills can be replayed: the seed is in the failure message.
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandomNumberGenerator(seed: seed)
        var outcome = Outcome()
        var current = 0

        for kill in 1...Self.kills {
            var child = try WriterProcess(executable: writer, store: url)
            let loaded = try #require(await child.nextReport(), "seed \(seed), kill \(kill): the writer did not start")
            #expect(loaded == .loaded(current), "seed \(seed), kill \(kill): the writer loaded what the test loaded")
            // The moment of the kill: after a random number of reported saves (none included), then a random
            // pause of up to 2 ms, so that it falls anywhere in the next save (encoding, writing or renaming).
            for _ in 0..<Int.random(in: 0...3, using: &random) { _ = await child.nextReport() }
            try await Task.sleep(for: .microseconds(Int.random(in: 0...2_000, using: &random)))
            let reported = await child.killAndCollect()
            let lastComplete = reported.last ?? current
            #expect(reported == Array((current + 1)..<(current + 1 + reported.count)), "seed \(seed), kill \(kill)")

            let snapshot = try await store.load()
            let sequence = try #require(
                StoreWriterSnapshots.sequence(of: snapshot), "seed \(seed), kill \(kill): the store holds a snapshot nobody wrote")
            #expect(
                sequence == lastComplete || sequence == lastComplete + 1,
                "seed \(seed), kill \(kill): loaded \(sequence) after \(lastComplete) was reported complete")
            let intact = snapshot == (sequence == 0 ? .empty : StoreWriterSnapshots.snapshot(sequence: sequence))
            #expect(intact, "seed \(seed), kill \(kill): snapshot \(sequence) is mixed or torn")
            if lastComplete > 0 { #expect(!snapshot.isEmpty, "seed \(seed), kill \(kill): an empty store") }
            #expect(!FileManager.default.fileExists(atPath: store.corruptCopyURL.path), "seed \(seed), kill \(kill)")
            // Each save sweeps what killed saves left, so at most the killed save's own temporary file remains.
            let leftovers = try Self.leftovers(in: folder)
            #expect(leftovers.count <= 1, "seed \(seed), kill \(kill): temporary files pile up: \(leftovers)")
            outcome.leftoverSeen += leftovers.count
            outcome.record(sequence: sequence, lastComplete: lastComplete, savesReported: reported.count)
            current = sequence
        }

        #expect(outcome.kills == Self.kills)
        // Every kill came while the child was saving: it does nothing else once it has loaded.
        #expect(outcome.killsAfterASave > Self.kills / 2, "most kills should come after at least one save")
        // The next save sweeps the last killed save's temporary file: nothing is left over.
        try await store.save(StoreWriterSnapshots.snapshot(sequence: current + 1))
        #expect(try Self.leftovers(in: folder) == [], "seed \(seed): a save left temporary files behind")
        print(
            "store crash safety: \(outcome.kills) kills survived (seed \(seed)); \(outcome.inProgressLoaded) loaded the "
                + "save under way, \(outcome.kills - outcome.inProgressLoaded) the last reported one; "
                + "\(outcome.savesReported) saves reported; a killed save's temporary file was seen after "
                + "\(outcome.leftoverSeen) kills and swept by the next save each time")
    }

    // MARK: - Helpers

    struct Outcome {
        var kills = 0
        var inProgressLoaded = 0
        var killsAfterASave = 0
        var savesReported = 0
        var leftoverSeen = 0

        mutating func record(sequence: Int, lastComplete: Int, savesReported: Int) {
            kills += 1
            if sequence == lastComplete + 1 { inProgressLoaded += 1 }
            if savesReported > 0 { killsAfterASave += 1 }
            self.savesReported += savesReported
        }
    }

    /// The files in `folder` other than the store's.
    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "permissions.json" }.sorted()
    }

    /// `permit-store-writer`, built into the same folder as the test bundle.
    static func writerExecutable() -> URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("permit-store-writer")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}

let quietLogger: Logger = {
    var logger = Logger(label: "permit.tests.crash")
    logger.logLevel = .critical
    return logger
}()
