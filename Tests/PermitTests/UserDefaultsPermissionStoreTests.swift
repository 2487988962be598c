import Foundation
import InMemoryLogging
import Logging
import Permit
import Testing

/// ``UserDefaultsPermissionStore``: the seed's `p_…` keys it writes and the ones it imports.
@Suite struct UserDefaultsPermissionStoreTests {
    /// The `yes`/`no` string a seed-era reader expects for each status.
    private static let seedValue: [PermissionStatus: String] = [
        .notDetermined: "no", .denied: "no", .restricted: "no", .unavailable: "no",
        .granted: "yes", .limited: "yes", .provisional: "yes",
        .approximate: "yes", .ephemeral: "yes", .undisclosed: "yes", .writeOnly: "no",
    ]

    // MARK: - Writing the p_ keys

    @Test(arguments: PermissionStatus.allCases)
    func saveWritesTheSeedKeys(_ status: PermissionStatus) async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        let expected = try #require(Self.seedValue[status])
        var snapshot = PermissionSnapshot()
        for kind in PermissionKind.builtIn + [PermissionKind("health")] {
            snapshot.records[kind] = PermissionRecord(
                status: status, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 1_763_778_000))
        }

        try await world.store().save(snapshot)

        #expect(world.defaults.string(forKey: "p_Location") == expected)
        #expect(world.defaults.string(forKey: "p_Camera") == expected)
        #expect(world.defaults.string(forKey: "p_Notification") == expected)
        #expect(world.defaults.string(forKey: "p_SpeechRecognition") == expected)
        #expect(world.defaults.string(forKey: "p_PhotosAddOnly") == expected)
        #expect(world.defaults.string(forKey: "p_Health") == expected)
        for kind in PermissionKind.builtIn {
            #expect(world.defaults.string(forKey: kind.cookieName) == expected, "\(kind)")
        }
        #expect(world.defaults.string(forKey: "p_Notifications") == nil)
    }

    @Test func saveWritesEachKindsOwnValue() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        let date = Date(timeIntervalSince1970: 1_763_778_000)
        let snapshot = PermissionSnapshot(records: [
            .location: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: date),
            .camera: PermissionRecord(status: .denied, hasPrompted: true, checkedAt: date),
            .notifications: PermissionRecord(status: .provisional, hasPrompted: true, checkedAt: date),
            .microphone: PermissionRecord(status: .notDetermined, hasPrompted: false, checkedAt: date),
            .photos: PermissionRecord(status: .limited, hasPrompted: true, checkedAt: date),
        ])

        try await world.store().save(snapshot)

        #expect(world.defaults.string(forKey: "p_Location") == "yes")
        #expect(world.defaults.string(forKey: "p_Camera") == "no")
        #expect(world.defaults.string(forKey: "p_Notification") == "yes")
        #expect(world.defaults.string(forKey: "p_Microphone") == "no")
        #expect(world.defaults.string(forKey: "p_Photos") == "yes")
        #expect(world.defaults.string(forKey: "p_Contacts") == nil)
        #expect(world.defaults.data(forKey: UserDefaultsPermissionStore.snapshotKey) != nil)
    }

    @Test func snapshotKeyIsPermitSnapshot() {
        #expect(UserDefaultsPermissionStore.snapshotKey == "permit.snapshot")
    }

    // MARK: - Importing the p_ keys

    @Test func suiteWithOnlySeedKeysImportsThem() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        world.defaults.set("yes", forKey: "p_Location")
        world.defaults.set("no", forKey: "p_Camera")
        world.defaults.set("yes", forKey: "p_Notification")

        let loaded = try await world.store().load()

        #expect(
            loaded.records == [
                .location: .imported(.yes), .camera: .imported(.no), .notifications: .imported(.yes),
            ])
        #expect(loaded.records[.location]?.status == .granted)
        #expect(loaded.records[.camera]?.status == .notDetermined)
        #expect(loaded.records[.notifications]?.isImported == true)
        #expect(loaded.history.isEmpty)
        #expect(world.handler.entries.filter { $0.level == .warning }.isEmpty)
    }

    @Test func seedKeysWithOtherValuesAreIgnored() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        world.defaults.set("maybe", forKey: "p_Location")
        world.defaults.set("YES", forKey: "p_Camera")
        world.defaults.set("no", forKey: "p_Notification")

        let loaded = try await world.store().load()

        #expect(loaded.records == [.notifications: .imported(.no)])
    }

    @Test func importCoversOnlyTheGivenKinds() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        world.defaults.set("yes", forKey: "p_Location")
        world.defaults.set("yes", forKey: "p_Microphone")
        let store = UserDefaultsPermissionStore(
            defaults: world.defaults, importing: PermissionKind.legacyCookieKinds, logger: world.logger)

        #expect(try await store.load().records == [.location: .imported(.yes)])
    }

    @Test func corruptSnapshotFallsBackToSeedKeysWithAWarning() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        world.defaults.set(Data("{\"version\":1,".utf8), forKey: UserDefaultsPermissionStore.snapshotKey)
        world.defaults.set("yes", forKey: "p_Location")
        world.defaults.set("no", forKey: "p_Camera")

        let loaded = try await world.store().load()

        #expect(loaded.records == [.location: .imported(.yes), .camera: .imported(.no)])
        #expect(world.handler.entries.filter { $0.level == .warning }.count == 1)
    }

    @Test func corruptSnapshotWithoutSeedKeysLoadsEmptyWithAWarning() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        world.defaults.set(Data([0xFF, 0x00, 0x13]), forKey: UserDefaultsPermissionStore.snapshotKey)

        #expect(try await world.store().load() == .empty)
        #expect(world.handler.entries.filter { $0.level == .warning }.count == 1)
    }

    @Test func aSnapshotOfTheWrongTypeFallsBackToSeedKeysWithAWarning() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        world.defaults.set("{\"version\":1}", forKey: UserDefaultsPermissionStore.snapshotKey)
        world.defaults.set("yes", forKey: "p_Location")

        let loaded = try await world.store().load()

        #expect(loaded.records == [.location: .imported(.yes)])
        #expect(world.handler.entries.filter { $0.level == .warning }.count == 1)
    }

    @Test func aKindNoLongerRecordedLosesItsSeedKey() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        let store = world.store()
        let date = Date(timeIntervalSince1970: 1_763_778_000)
        try await store.save(PermissionSnapshot(records: [
            .location: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: date),
            .camera: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: date),
        ]))
        #expect(world.defaults.string(forKey: "p_Camera") == "yes")

        try await store.save(PermissionSnapshot(records: [
            .location: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: date)
        ]))

        #expect(world.defaults.string(forKey: "p_Location") == "yes")
        #expect(world.defaults.object(forKey: "p_Camera") == nil)
    }

    @Test func savedSnapshotWinsOverSeedKeys() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        let store = world.store()
        let saved = PermissionSnapshot(records: [
            .camera: PermissionRecord(
                status: .restricted, hasPrompted: false, checkedAt: Date(timeIntervalSince1970: 1_763_778_000.25))
        ])
        try await store.save(saved)
        // A seed-era writer still sets its key afterwards.
        world.defaults.set("yes", forKey: "p_Location")

        #expect(try await store.load() == saved)
    }

    // MARK: - Across instances

    @Test func secondInstanceOnTheSameSuiteReadsTheSnapshot() async throws {
        let world = try DefaultsStoreWorld()
        defer { world.tearDown() }
        let snapshot = PermissionSnapshot(
            records: [
                .location: PermissionRecord(
                    status: .granted, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 1_763_778_000.123)),
                .notifications: PermissionRecord(
                    status: .denied, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 1_763_778_001.456)),
            ],
            history: [
                PermissionChange(
                    kind: .location, previous: nil, current: .granted, cause: .launch,
                    date: Date(timeIntervalSince1970: 1_763_778_000.123))
            ])
        let first = world.store()
        #expect(try await first.load() == .empty)

        try await first.save(snapshot)

        let otherDefaults = try #require(UserDefaults(suiteName: world.suiteName))
        let second = UserDefaultsPermissionStore(defaults: otherDefaults, logger: world.logger)
        #expect(try await second.load() == snapshot)
        #expect(otherDefaults.string(forKey: "p_Location") == "yes")
        #expect(otherDefaults.string(forKey: "p_Notification") == "no")
    }
}

// MARK: - World

/// A `UserDefaults` suite of its own and a logger that keeps what it logged; the suite is removed after.
struct DefaultsStoreWorld {
    let suiteName = "permit.tests.defaults-store.\(UUID().uuidString)"
    let defaults: UserDefaults
    let handler: InMemoryLogHandler
    let logger: Logger

    init() throws {
        defaults = try #require(UserDefaults(suiteName: suiteName))
        let handler = InMemoryLogHandler()
        self.handler = handler
        logger = Logger(label: "permit.tests.defaults-store", factory: { _ in handler })
    }

    func store() -> UserDefaultsPermissionStore { UserDefaultsPermissionStore(defaults: defaults, logger: logger) }

    func tearDown() { defaults.removePersistentDomain(forName: suiteName) }
}
