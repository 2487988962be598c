import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import Permit
import PermitTesting

@Suite(.timeLimit(.minutes(1))) struct PermitStorageTests {
    let device = SimulatedDevice()

    func makeStorage(_ store: any PermissionStore) -> PermitStorage {
        PermitStorage(store: store, logger: makeTestLogger().0)
    }

    struct Facts: Codable, Equatable, Sendable {
        var informed: [String]
        var prompts: Int
    }

    static let factsKey = StorageKey<Facts>("test.facts")

    @Test func aValueSurvivesARelaunchInTheFileStoreAsVersionedJSON() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let facts = Facts(informed: ["camera"], prompts: 2)
        try await makeStorage(world.store()).setValue(facts, for: Self.factsKey)

        let relaunched = makeStorage(world.store())
        #expect(await relaunched.value(for: Self.factsKey) == facts)
        #expect(await relaunched.value(for: StorageKey<Facts>("test.other")) == nil)
        // Embedded as JSON in the file, with the key's version beside the value.
        let file = try String(decoding: Data(contentsOf: world.url), as: UTF8.self)
        #expect(file.contains(#""attachments":{"test.facts":{"value":{"informed":["camera"],"prompts":2},"version":1}}"#))
    }

    @Test func aValueOfAnotherVersionOrShapeReadsAsNoneWithAWarning() async throws {
        let store = InMemoryPermissionStore()
        let (logger, logs) = makeTestLogger()
        let storage = PermitStorage(store: store, logger: logger)
        try await storage.setValue(Facts(informed: [], prompts: 1), for: Self.factsKey)

        #expect(await storage.value(for: StorageKey<Facts>("test.facts", version: 2)) == nil)
        #expect(await storage.value(for: StorageKey<[Int]>("test.facts")) == nil)
        let warnings = logs.entries.filter { $0.level == .warning }.map(\.message.description)
        #expect(warnings == ["stored value has another version; treated as none", "stored value unreadable; treated as none"])
        // Reading changes nothing.
        #expect(await storage.value(for: Self.factsKey) == Facts(informed: [], prompts: 1))
    }

    @Test func settingTheSameValueWritesNothingAndNilRemovesIt() async throws {
        let store = InMemoryPermissionStore()
        let storage = makeStorage(store)
        let key = StorageKey<[String: Int]>("k")

        try await storage.setValue(["b": 1, "a": 2], for: key)
        #expect(await store.saveCount == 1)
        try await storage.setValue(["a": 2, "b": 1], for: key)
        #expect(await store.saveCount == 1)
        #expect(await store.snapshot.attachments["k"] == Data(#"{"value":{"a":2,"b":1},"version":1}"#.utf8))

        try await storage.setValue(nil, for: key)
        #expect(await store.saveCount == 2)
        #expect(await store.snapshot.attachments.isEmpty)
        #expect(await storage.value(for: key) == nil)
    }

    @Test func aValueTooLargeIsRejectedAndNothingIsWritten() async throws {
        let store = InMemoryPermissionStore()
        let storage = makeStorage(store)
        await #expect(throws: PermitError.invalidValue) {
            try await storage.setValue(String(repeating: "x", count: PermitStorage.maximumValueSize), for: StorageKey("k"))
        }
        #expect(await store.saveCount == 0)
        #expect(await store.snapshot.attachments.isEmpty)
    }

    @Test func aValueThatCannotBeEncodedIsRejected() async throws {
        let store = InMemoryPermissionStore()
        await #expect(throws: PermitError.invalidValue) {
            try await makeStorage(store).setValue(Double.nan, for: StorageKey("k"))
        }
        #expect(await store.saveCount == 0)
    }

    @Test func aValueSetWhileTheStoreIsUnreadableWinsOnceItLoads() async throws {
        let one = Data(#"{"value":1,"version":1}"#.utf8)
        let store = InMemoryPermissionStore(
            PermissionSnapshot(attachments: ["kept": one, "replaced": one, "removed": one]))
        await store.setFailsLoads(true)
        let storage = makeStorage(store)
        try await storage.setValue(2, for: StorageKey<Int>("replaced"))
        try await storage.setValue(nil, for: StorageKey<Int>("removed"))
        #expect(await store.saveCount == 0)  // nothing is written over a store that could not be read
        #expect(await storage.value(for: StorageKey<Int>("replaced")) == 2)

        await store.setFailsLoads(false)
        #expect(await storage.value(for: StorageKey<Int>("kept")) == 1)
        #expect(await store.saveCount == 1)
        #expect(await store.snapshot.attachments == ["kept": one, "replaced": Data(#"{"value":2,"version":1}"#.utf8)])
    }

    @Test func concurrentWritesAreAllKeptWithNoMoreThanOneSaveEach() async throws {
        let store = InMemoryPermissionStore()
        let storage = makeStorage(store)
        await withTaskGroup(of: Void.self) { group in
            for n in 0..<20 {
                group.addTask { try? await storage.setValue(n, for: StorageKey<Int>("n\(n)")) }
            }
        }
        // Saves were coalesced: never more than one per write, and the file holds every write.
        #expect(await store.saveCount <= 20)
        #expect(await store.snapshot.attachments.count == 20)
        for n in 0..<20 { #expect(await storage.value(for: StorageKey<Int>("n\(n)")) == n) }
    }

    @Test func theCentersRecordsAndAValueShareOneFile() async throws {
        let store = InMemoryPermissionStore()
        let storage = makeStorage(store)
        let center = PermissionCenter(kinds: [.camera], authority: device, storage: storage, logger: makeTestLogger().0)
        await center.start()
        try await storage.setValue(Facts(informed: ["camera"], prompts: 0), for: Self.factsKey)
        let stored = await store.snapshot
        #expect(stored.records[.camera]?.status == .notDetermined)
        #expect(stored.attachments["test.facts"] != nil)
    }

    @Test func valuesRoundTripThroughTheSnapshotCoding() throws {
        let snapshot = PermissionSnapshot(attachments: ["a": Data(#"{"n":-3,"x":[1.25,"é",false,null]}"#.utf8)])
        let decoded = try SnapshotCoding.decode(SnapshotCoding.encode(snapshot))
        #expect(decoded == snapshot)
        // A snapshot with no values keeps the file as it was before values existed.
        let plain = String(decoding: try SnapshotCoding.encode(.empty), as: UTF8.self)
        #expect(!plain.contains("attachments"))
    }
}

/// The save ordering of ``PermitStorage``, with no store, tasks or time.
@Suite struct SaveStateMachineTests {
    @Test func aChangeWithNoSaveUnderWaySavesAtOnceAndIsReleasedWhenItEnds() {
        var machine = SaveStateMachine()
        #expect(machine.changed(storeLoaded: true) == .save(version: 1))
        #expect(machine.saveEnded(1) == [.release(through: 1)])
    }

    @Test func changesDuringASaveWaitAndOneSaveOfTheLatestCoversThemAll() {
        var machine = SaveStateMachine()
        #expect(machine.changed(storeLoaded: true) == .save(version: 1))
        #expect(machine.changed(storeLoaded: true) == .wait)
        #expect(machine.changed(storeLoaded: true) == .wait)
        #expect(machine.saveEnded(1) == [.release(through: 1), .save(version: 3)])
        #expect(machine.changed(storeLoaded: true) == .wait)
        #expect(machine.saveEnded(3) == [.release(through: 3), .save(version: 4)])
        #expect(machine.saveEnded(4) == [.release(through: 4)])
    }

    @Test func beforeTheStoreLoadsAChangeIsReleasedAtOnceWithNoSave() {
        var machine = SaveStateMachine()
        #expect(machine.changed(storeLoaded: false) == .release(through: 1))
        #expect(machine.changed(storeLoaded: false) == .release(through: 2))
        #expect(machine.changed(storeLoaded: true) == .save(version: 3))
    }
}
