import Foundation
import Testing

@testable import Permit
import PermitTesting

@Suite(.timeLimit(.minutes(1))) struct AttachmentTests {
    let device = SimulatedDevice()

    func makeCenter(store: any PermissionStore) -> PermissionCenter {
        PermissionCenter(kinds: PermissionKind.seed, authority: device, store: store, logger: makeTestLogger().0)
    }

    struct Facts: Codable, Equatable {
        var informed: [String]
        var prompts: Int
    }

    @Test func anAttachmentSurvivesARelaunchInTheFileStore() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let facts = Facts(informed: ["camera"], prompts: 2)
        try await makeCenter(store: world.store()).setAttachment(facts, forKey: "test.facts")

        let relaunched = makeCenter(store: world.store())
        #expect(try await relaunched.attachment(Facts.self, forKey: "test.facts") == facts)
        #expect(try await relaunched.attachment(Facts.self, forKey: "test.other") == nil)
        // Embedded as JSON in the file, not as escaped text.
        let file = try String(decoding: Data(contentsOf: world.url), as: UTF8.self)
        #expect(file.contains(#""attachments":{"test.facts":{"informed":["camera"],"prompts":2}}"#))
    }

    @Test func settingTheSameValueWritesNothingAndNilRemovesIt() async throws {
        let store = InMemoryPermissionStore()
        let center = makeCenter(store: store)
        await center.start()
        let launchSaves = await store.saveCount

        try await center.setAttachment(Data(#"{"b": 1, "a": [true, null, 1.5, "x"]}"#.utf8), forKey: "k")
        #expect(await store.saveCount == launchSaves + 1)
        try await center.setAttachment(Data(#"{"a":[true,null,1.5,"x"],"b":1}"#.utf8), forKey: "k")
        #expect(await store.saveCount == launchSaves + 1)
        #expect(await store.snapshot.attachments["k"] == Data(#"{"a":[true,null,1.5,"x"],"b":1}"#.utf8))

        try await center.setAttachment(nil, forKey: "k")
        #expect(await store.saveCount == launchSaves + 2)
        #expect(await store.snapshot.attachments.isEmpty)
        #expect(await center.attachment(forKey: "k") == nil)
    }

    @Test(arguments: [
        ("", Data("1".utf8)),
        (String(repeating: "k", count: 129), Data("1".utf8)),
        ("k", Data("{not json".utf8)),
        ("k", Data("1 2".utf8)),
        ("k", Data(("\"" + String(repeating: "x", count: PermissionCenter.maximumAttachmentSize) + "\"").utf8)),
    ])
    func anInvalidAttachmentIsRejectedAndNothingIsWritten(key: String, data: Data) async throws {
        let store = InMemoryPermissionStore()
        let center = makeCenter(store: store)
        await center.start()
        let saves = await store.saveCount
        await #expect(throws: PermitError.invalidAttachment) {
            try await center.setAttachment(data, forKey: key)
        }
        #expect(await store.saveCount == saves)
        #expect(await store.snapshot.attachments.isEmpty)
    }

    @Test func anAttachmentSetWhileTheStoreIsUnreadableWinsOnceItLoads() async throws {
        let store = InMemoryPermissionStore(
            PermissionSnapshot(attachments: ["kept": Data("1".utf8), "replaced": Data("1".utf8), "removed": Data("1".utf8)]))
        await store.setFailsLoads(true)
        let center = makeCenter(store: store)
        try await center.setAttachment(Data("2".utf8), forKey: "replaced")
        try await center.setAttachment(nil, forKey: "removed")
        #expect(await store.saveCount == 0)  // nothing is written over a store that could not be read

        await store.setFailsLoads(false)
        await center.refresh()
        #expect(await store.snapshot.attachments == ["kept": Data("1".utf8), "replaced": Data("2".utf8)])
    }

    @Test func attachmentsRoundTripThroughTheSnapshotCoding() throws {
        let snapshot = PermissionSnapshot(attachments: ["a": Data(#"{"n":-3,"x":[1.25,"é",false,null]}"#.utf8)])
        let decoded = try SnapshotCoding.decode(SnapshotCoding.encode(snapshot))
        #expect(decoded == snapshot)
        // A snapshot with no attachments keeps the file as it was before attachments existed.
        let plain = String(decoding: try SnapshotCoding.encode(.empty), as: UTF8.self)
        #expect(!plain.contains("attachments"))
    }
}
