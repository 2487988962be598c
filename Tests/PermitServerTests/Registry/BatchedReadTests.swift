import Foundation
import PermitServer
import PermitSupport
import Testing

/// The registry's batched reads: reports of installations not in its cache that come while a read is in flight
/// are read together in the next one, each gets its own record, and a read that fails fails only its batch.
@Suite struct BatchedReadTests {
    /// Holds the first read until ``release()``, records every read's installations, and fails the read at
    /// index `failing` (counting from 0).
    final class ReadGatedStorage: ForwardingStorage {
        let base: any RegistryStorage
        private let failing: Int?
        private let readsSeen = Locked([[String]]())
        private let latch = Latch()

        init(_ base: any RegistryStorage, failing: Int? = nil) {
            self.base = base
            self.failing = failing
        }

        var reads: [[String]] { readsSeen.withLock { $0 } }

        func release() { latch.open() }

        func records(installations: [String]) async throws -> [String: InstallationRecord] {
            let index = readsSeen.withLock { reads in
                reads.append(installations.sorted())
                return reads.count - 1
            }
            if index == 0 { await latch.wait() }
            if index == failing { throw ServerError.storageFailed.withDetail("read \(index) failed") }
            return try await base.records(installations: installations)
        }
    }

    /// Installations in stripes of their own (``TokenRegistry/stripe(of:)``), so that none waits behind another's
    /// turn instead of in the read queue: the first to be read, two stored before the test, and three new.
    static let installations: [String] = {
        var taken = Set<Int>(), chosen: [String] = []
        for number in 0..<1_000 where chosen.count < 6 {
            if taken.insert(TokenRegistry.stripe(of: "inst-\(number)")).inserted { chosen.append("inst-\(number)") }
        }
        return chosen
    }()
    static let first = installations[0], stored = Array(installations[1...2]), new = Array(installations[3...5])

    /// When the stored installations were first seen.
    static let firstSeen = Date(timeIntervalSince1970: 1_780_000_000)

    func withRegistry(failing: Int? = nil, _ body: @Sendable (TokenRegistry, ReadGatedStorage) async throws -> Void) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { base in
            // Two installations stored before, so that a batch holds found and missing ones.
            for installation in Self.stored {
                let record = InstallationRecord(
                    installation: installation, token: "old-\(installation)", platform: .ios, firstSeen: Self.firstSeen,
                    lastSeen: Self.firstSeen, states: ["camera": .denied])
                try await base.save(record, adding: [:], on: "2026-05-28")
            }
            let storage = ReadGatedStorage(base, failing: failing)
            try await body(TokenRegistry(storage: storage, logger: .quiet), storage)
        }
    }

    @Test func readsQueuedBehindAReadShareTheNextOneAndEachGetsItsOwnRecord() async throws {
        try await withRegistry { registry, storage in
            let others = (Self.stored + Self.new).sorted()
            try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                group.addTask { (Self.first, try await registry.record(GroupCommitTests.report(Self.first))) }
                let started = await eventually(within: .seconds(10)) { !storage.reads.isEmpty }
                for installation in others {
                    group.addTask { (installation, try await registry.record(GroupCommitTests.report(installation))) }
                }
                let queued = await eventually(within: .seconds(10)) { await registry.queuedReadCount == others.count }
                // Released whatever happened, so that a failed wait fails the test instead of hanging it.
                storage.release()
                #expect(started && queued)
                // Each report wrote: the new ones their first record, the stored ones a new token.
                for try await (installation, wrote) in group { #expect(wrote, "\(installation)") }
            }
            #expect(storage.reads == [[Self.first], others])
            for installation in [Self.first] + Self.new {
                let token = try await storage.record(installation: installation)?.token
                #expect(token == "token-\(installation)", "\(installation)")
            }
            // The stored ones were updated over what was read (their new states; their first sight and their
            // token, which a report without a proof does not replace, kept), not inserted anew.
            for installation in Self.stored {
                let record = try #require(try await storage.record(installation: installation))
                #expect(record.states == ["camera": .granted] && record.token == "old-\(installation)")
                #expect(record.firstSeen == Self.firstSeen)
            }
        }
    }

    @Test func aFailedReadFailsItsBatchAloneAndTheNextReadsGoOn() async throws {
        try await withRegistry(failing: 1) { registry, storage in
            let queued = Self.new.prefix(2).sorted()
            try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                group.addTask { (Self.first, (try? await registry.record(GroupCommitTests.report(Self.first))) != nil) }
                let started = await eventually(within: .seconds(10)) { !storage.reads.isEmpty }
                for installation in queued {
                    group.addTask { (installation, (try? await registry.record(GroupCommitTests.report(installation))) != nil) }
                }
                let waiting = await eventually(within: .seconds(10)) { await registry.queuedReadCount == 2 }
                storage.release()
                #expect(started && waiting)
                let outcomes = try await group.reduce(into: [String: Bool]()) { $0[$1.0] = $1.1 }
                #expect(outcomes == [Self.first: true, queued[0]: false, queued[1]: false])
            }
            // Nothing is left holding the turn: a report after the failure reads and writes.
            #expect(try await registry.record(GroupCommitTests.report(queued[0])))
            #expect(storage.reads == [[Self.first], queued, [queued[0]]])
            #expect(try await storage.record(installation: queued[1]) == nil)
        }
    }
}
