import Foundation
import PermitServer
import Testing

/// One check of the storage contract, run against every engine.
struct ContractCheck: Sendable, CustomTestStringConvertible {
    let name: String
    let body: @Sendable (any RegistryStorage) async throws -> Void

    var testDescription: String { name }
}

/// The contract every ``RegistryStorage`` must meet: one list of checks, run by a suite per engine.
enum RegistryStorageContract {
    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    static func record(_ installation: String, token: String? = "tok-1", platform: Platform = .ios,
                       seen: Date = t0, states: [String: ReportedState] = ["camera": .granted]) -> InstallationRecord {
        InstallationRecord(installation: installation, token: token, platform: platform, firstSeen: seen,
                           lastSeen: seen, states: states)
    }

    static let checks: [ContractCheck] = [
        ContractCheck(name: "a saved record reads back equal, and an unknown installation is nil") { storage in
            let saved = record("inst-1", states: ["camera": .granted, "location": .notUsable])
            try await storage.save(saved, adding: [:], on: "2026-06-01")
            #expect(try await storage.record(installation: "inst-1") == saved)
            #expect(try await storage.record(installation: "inst-2") == nil)
            #expect(try await storage.tokenCount() == 1)
        },
        ContractCheck(name: "many installations read at once: each stored one by its name, missing ones absent") { storage in
            // More than one SELECT's worth (500), with repeats and missing ones among them.
            let writes = (0..<1_200).map {
                RegistryWrite(record: record("inst-\($0)", token: "tok-\($0)"), counts: [:], day: "2026-06-01", precondition: .absent)
            }
            try await storage.save(writes)
            let stored = writes.map(\.record)
            let asked = (0..<1_250).map { "inst-\($0)" } + ["inst-7", "other"]
            let found = try await storage.records(installations: asked)
            #expect(found.count == 1_200)
            #expect(found["inst-7"] == stored[7] && found["inst-1199"] == stored[1_199])
            #expect(found["inst-1200"] == nil && found["other"] == nil)
            #expect(try await storage.records(installations: ["inst-3"]) == ["inst-3": stored[3]])
            #expect(try await storage.records(installations: ["other"]).isEmpty)
            #expect(try await storage.records(installations: []).isEmpty)
        },
        ContractCheck(name: "saving again replaces token, platform, last seen and states, keeps first seen") { storage in
            try await storage.save(record("inst-1"), adding: [:], on: "2026-06-01")
            var later = record("inst-1", token: "tok-2", platform: .android, seen: t0 + 3600, states: ["camera": .denied])
            try await storage.save(later, adding: [:], on: "2026-06-01")
            later.firstSeen = t0
            #expect(try await storage.record(installation: "inst-1") == later)
            #expect(try await storage.tokenCount() == 1)
        },
        ContractCheck(name: "whether an installation proved itself is kept, and the proof key is made once") { storage in
            var proven = record("inst-1")
            proven.proven = true
            try await storage.save(proven, adding: [:], on: "2026-06-01", precondition: .absent)
            let stored = try #require(try await storage.record(installation: "inst-1"))
            #expect(stored.proven)
            try await storage.save(record("inst-2"), adding: [:], on: "2026-06-01", precondition: .absent)
            #expect(try await storage.record(installation: "inst-2")?.proven == false)
            var revised = stored
            revised.states = [:]
            try await storage.save(revised, adding: [:], on: "2026-06-01", precondition: .revision(stored.revision))
            #expect(try await storage.record(installation: "inst-1")?.proven == true)
            let key = try await storage.proofKey()
            #expect(key.count == InstallationProofs.keyBytes)
            #expect(try await storage.proofKey() == key)
        },
        ContractCheck(name: "a record without a token is kept and not counted as a token") { storage in
            try await storage.save(record("inst-1", token: nil), adding: [:], on: "2026-06-01")
            #expect(try await storage.record(installation: "inst-1")?.token == nil)
            #expect(try await storage.tokenCount() == 0)
        },
        ContractCheck(name: "a batch writes every record and adds its counts per day and kind, in one commit") { storage in
            let one = GrantCounts(granted: 1)
            try await storage.save([
                RegistryWrite(record: record("b"), counts: ["camera": one], day: "2026-06-01"),
                RegistryWrite(record: record("a", token: "tok-a"), counts: ["camera": one, "location": GrantCounts(denied: 1)],
                              day: "2026-06-01"),
                RegistryWrite(record: record("c", token: nil), counts: ["camera": GrantCounts(changedMind: 1)], day: "2026-06-02"),
            ])
            #expect(try await storage.record(installation: "a")?.token == "tok-a")
            #expect(try await storage.record(installation: "b") != nil)
            #expect(try await storage.tokenCount() == 2)
            #expect(try await storage.grantDays(from: "2026-06-01", through: "2026-06-02") == [
                GrantDay(day: "2026-06-01", kind: "camera", counts: GrantCounts(granted: 2)),
                GrantDay(day: "2026-06-01", kind: "location", counts: GrantCounts(denied: 1)),
                GrantDay(day: "2026-06-02", kind: "camera", counts: GrantCounts(changedMind: 1)),
            ])
            try await storage.save([])
        },
        ContractCheck(name: "grant counts add up per day and kind, ordered, within the asked range") { storage in
            let one = GrantCounts(granted: 1)
            try await storage.save(record("a"), adding: ["camera": one, "location": GrantCounts(denied: 1)], on: "2026-06-01")
            try await storage.save(record("b"), adding: ["camera": one], on: "2026-06-01")
            try await storage.save(record("c"), adding: ["camera": GrantCounts(changedMind: 1)], on: "2026-06-02")
            try await storage.save(record("d"), adding: ["camera": one], on: "2026-06-03")
            #expect(try await storage.grantDays(from: "2026-06-01", through: "2026-06-02") == [
                GrantDay(day: "2026-06-01", kind: "camera", counts: GrantCounts(granted: 2)),
                GrantDay(day: "2026-06-01", kind: "location", counts: GrantCounts(denied: 1)),
                GrantDay(day: "2026-06-02", kind: "camera", counts: GrantCounts(changedMind: 1)),
            ])
        },
        ContractCheck(name: "concurrent saves add every count") { storage in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await storage.save(record("inst-\(index)"), adding: ["camera": GrantCounts(granted: 1)],
                                               on: "2026-06-01")
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await storage.grantDays(from: "2026-06-01", through: "2026-06-01")
                == [GrantDay(day: "2026-06-01", kind: "camera", counts: GrantCounts(granted: 40))])
            #expect(try await storage.tokenCount() == 40)
        },
        ContractCheck(name: "removing a token clears it from every installation that has it") { storage in
            try await storage.save(record("a", token: "shared"), adding: [:], on: "2026-06-01")
            try await storage.save(record("b", token: "shared"), adding: [:], on: "2026-06-01")
            try await storage.save(record("c", token: "other"), adding: [:], on: "2026-06-01")
            #expect(try await storage.removeToken("shared") == 2)
            #expect(try await storage.removeToken("shared") == 0)
            #expect(try await storage.record(installation: "a")?.token == nil)
            #expect(try await storage.record(installation: "c")?.token == "other")
            #expect(try await storage.tokenCount() == 1)
        },
        ContractCheck(name: "a write names the copy it replaces; otherwise it is a conflict and nothing of its batch is written") { storage in
            let day = "2026-06-01", one = ["camera": GrantCounts(granted: 1)]
            try await storage.save(record("a"), adding: one, on: day, precondition: .absent)
            let stored = try #require(try await storage.record(installation: "a"))
            #expect(stored.revision != 0)
            // A new installation's write over one another server created.
            await #expect(throws: RegistryConflict(installations: ["a"])) {
                try await storage.save(record("a", token: "tok-other"), adding: one, on: day, precondition: .absent)
            }
            // A stale revision fails its batch whole: the other write and every count are left out.
            await #expect(throws: RegistryConflict(installations: ["a"])) {
                try await storage.save([
                    RegistryWrite(record: record("a", token: "tok-stale"), counts: one, day: day,
                                  precondition: .revision(stored.revision &+ 1)),
                    RegistryWrite(record: record("b"), counts: one, day: day, precondition: .absent),
                ])
            }
            #expect(try await storage.record(installation: "a")?.token == "tok-1")
            #expect(try await storage.record(installation: "b") == nil)
            #expect(try await storage.grantDays(from: day, through: day).map(\.counts) == [GrantCounts(granted: 1)])
            // The stored revision writes, keeps first seen, and the record takes the write's revision.
            let write = RegistryWrite(
                record: record("a", token: "tok-2", seen: t0 + 60), counts: one, day: day, precondition: .revision(stored.revision))
            try await storage.save([write])
            let written = try #require(try await storage.record(installation: "a"))
            #expect(written.token == "tok-2" && written.firstSeen == t0 && written.lastSeen == t0 + 60)
            #expect(written.revision == write.record.revision && written.revision != stored.revision)
            #expect(try await storage.grantDays(from: day, through: day).map(\.counts) == [GrantCounts(granted: 2)])
            // An installation deleted since it was read is not written back from the old copy.
            #expect(try await storage.prune(lastSeenBefore: t0 + 3_600, androidLastSeenBefore: t0) == 1)
            await #expect(throws: RegistryConflict(installations: ["a"])) {
                try await storage.save(record("a"), adding: [:], on: day, precondition: .revision(written.revision))
            }
            #expect(try await storage.record(installation: "a") == nil)
        },
        ContractCheck(name: "what a record says of each kind's counted days reads back") { storage in
            let counted = ["camera": CountedDays(answered: "2026-06-01", changedMind: "2026-06-02"), "location": CountedDays(answered: "")]
            var saved = record("a")
            saved.counted = counted
            try await storage.save(saved, adding: [:], on: "2026-06-02")
            #expect(try await storage.record(installation: "a")?.counted == counted)
        },
        ContractCheck(name: "removing a token gives the records it changes a new revision") { storage in
            try await storage.save(record("a", token: "gone"), adding: [:], on: "2026-06-01", precondition: .absent)
            let before = try #require(try await storage.record(installation: "a"))
            #expect(try await storage.removeToken("gone") == 1)
            #expect(try await storage.record(installation: "a")?.revision != before.revision)
            // A server holding the copy with the token cannot write it back.
            await #expect(throws: RegistryConflict(installations: ["a"])) {
                try await storage.save(before, adding: [:], on: "2026-06-01", precondition: .revision(before.revision))
            }
            #expect(try await storage.record(installation: "a")?.token == nil)
        },
        ContractCheck(name: "deleting an installation removes its record and keeps the days' aggregates") { storage in
            try await storage.save(record("a"), adding: ["camera": GrantCounts(granted: 1)], on: "2026-06-01")
            try await storage.save(record("b", token: "tok-b"), adding: [:], on: "2026-06-01")
            #expect(try await storage.deleteInstallation("a"))
            #expect(try await !storage.deleteInstallation("a"))
            #expect(try await storage.record(installation: "a") == nil)
            #expect(try await storage.record(installation: "b")?.token == "tok-b")
            #expect(try await storage.tokenCount() == 1)
            #expect(try await storage.grantDays(from: "2026-06-01", through: "2026-06-01").map(\.counts) == [GrantCounts(granted: 1)])
        },
        ContractCheck(name: "pruning deletes what was last seen before the cutoffs, Android by its own") { storage in
            let day: TimeInterval = 86_400
            try await storage.save(record("ios-old", seen: t0 - 31 * day), adding: [:], on: "2026-06-01")
            try await storage.save(record("ios-new", seen: t0 - 29 * day), adding: [:], on: "2026-06-01")
            try await storage.save(record("android-old", platform: .android, seen: t0 - 11 * day), adding: [:], on: "2026-06-01")
            try await storage.save(record("android-new", platform: .android, seen: t0 - 9 * day), adding: [:], on: "2026-06-01")
            let pruned = try await storage.prune(lastSeenBefore: t0 - 30 * day, androidLastSeenBefore: t0 - 10 * day)
            #expect(pruned == 2)
            #expect(try await storage.record(installation: "ios-old") == nil)
            #expect(try await storage.record(installation: "android-old") == nil)
            #expect(try await storage.record(installation: "ios-new") != nil)
            #expect(try await storage.record(installation: "android-new") != nil)
        },
        ContractCheck(name: "values are bound, never spliced: SQL in a value is stored as text") { storage in
            let hostile = "x'); DROP TABLE permit_installations; --"
            try await storage.save(record(hostile, token: "\"; DELETE FROM permit_grant_days; --"),
                                   adding: ["it's": GrantCounts(granted: 1)], on: "2026-06-01")
            #expect(try await storage.record(installation: hostile)?.token == "\"; DELETE FROM permit_grant_days; --")
            #expect(try await storage.grantDays(from: "2026-06-01", through: "2026-06-01").map(\.kind) == ["it's"])
        },
        ContractCheck(name: "prepare from many tasks at once succeeds, as a fleet starting together does") { storage in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { try await storage.prepare() } }
                try await group.waitForAll()
            }
            try await storage.save(record("inst-1"), adding: [:], on: "2026-06-01")
            #expect(try await storage.tokenCount() == 1)
        },
        ContractCheck(name: "prepare again keeps what is stored") { storage in
            try await storage.save(record("inst-1"), adding: ["camera": GrantCounts(granted: 1)], on: "2026-06-01")
            try await storage.prepare()
            #expect(try await storage.record(installation: "inst-1") != nil)
            #expect(try await storage.grantDays(from: "2026-06-01", through: "2026-06-01").count == 1)
        },
    ]
}
