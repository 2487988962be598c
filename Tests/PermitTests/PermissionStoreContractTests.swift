import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitTesting
import Testing

/// The ``PermissionStore`` contract, one body run against every store Permit ships.
@Suite struct PermissionStoreContractTests {
    @Test(arguments: StoreContractSubject.allCases)
    func newStoreLoadsEmpty(_ subject: StoreContractSubject) async throws {
        let world = try subject.makeWorld()
        defer { world.tearDown() }

        #expect(try await world.store.load() == .empty)
        #expect(try await world.reopen().load() == .empty)
        #expect(world.warningCount() == 0)
    }

    @Test(arguments: StoreContractSubject.allCases)
    func saveThenLoadRoundTrips(_ subject: StoreContractSubject) async throws {
        let world = try subject.makeWorld()
        defer { world.tearDown() }
        let snapshot = StoreContractFixtures.everything

        try await world.store.save(snapshot)

        let loaded = try await world.store.load()
        #expect(loaded.records == snapshot.records)
        #expect(loaded.history == snapshot.history)
        #expect(loaded == snapshot)
        #expect(try await world.reopen().load() == snapshot)
        #expect(world.warningCount() == 0)
    }

    @Test(arguments: StoreContractSubject.allCases)
    func secondSaveReplacesTheFirstEntirely(_ subject: StoreContractSubject) async throws {
        let world = try subject.makeWorld()
        defer { world.tearDown() }
        let first = StoreContractFixtures.everything
        let second = PermissionSnapshot(
            records: [
                .camera: PermissionRecord(
                    status: .denied, hasPrompted: true, checkedAt: StoreContractFixtures.date(ms: 1_763_778_100_999))
            ],
            history: [
                PermissionChange(
                    kind: .camera, previous: .granted, current: .denied, cause: .launch,
                    date: StoreContractFixtures.date(ms: 1_763_778_100_999))
            ])

        try await world.store.save(first)
        try await world.store.save(second)

        let loaded = try await world.store.load()
        #expect(loaded == second)
        #expect(loaded.records[.location] == nil)
        #expect(loaded.records.count == 1)
        #expect(loaded.history.count == 1)
        #expect(try await world.reopen().load() == second)
    }

    @Test(arguments: StoreContractSubject.allCases)
    func savingAnEmptySnapshotLoadsEmpty(_ subject: StoreContractSubject) async throws {
        let world = try subject.makeWorld()
        defer { world.tearDown() }

        try await world.store.save(StoreContractFixtures.everything)
        try await world.store.save(.empty)

        let loaded = try await world.store.load()
        #expect(loaded == .empty)
        #expect(loaded.isEmpty)
        #expect(try await world.reopen().load() == .empty)
        #expect(world.warningCount() == 0)
    }
}

// MARK: - Subjects

/// The stores the contract runs against.
enum StoreContractSubject: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case userDefaults
    case inMemory

    var testDescription: String { rawValue }

    /// A fresh store over fresh backing storage, private to one test.
    func makeWorld() throws -> StoreContractWorld {
        let handler = InMemoryLogHandler()
        let logger = Logger(label: "permit.tests.contract", factory: { _ in handler })
        let warningCount = { handler.entries.filter { $0.level == .warning }.count }
        switch self {
        case .file:
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("permit-contract-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent("permissions.json")
            return StoreContractWorld(
                store: FilePermissionStore(url: url, logger: logger),
                reopen: { FilePermissionStore(url: url, logger: logger) },
                warningCount: warningCount,
                tearDown: { try? FileManager.default.removeItem(at: folder) })
        case .userDefaults:
            let suiteName = "permit.tests.contract.\(UUID().uuidString)"
            let defaults = try #require(UserDefaults(suiteName: suiteName))
            return StoreContractWorld(
                store: UserDefaultsPermissionStore(defaults: defaults, logger: logger),
                reopen: {
                    // A second UserDefaults object on the same suite, as the next launch would make.
                    UserDefaultsPermissionStore(
                        defaults: try #require(UserDefaults(suiteName: suiteName)), logger: logger)
                },
                warningCount: warningCount,
                tearDown: { defaults.removePersistentDomain(forName: suiteName) })
        case .inMemory:
            let store = InMemoryPermissionStore()
            return StoreContractWorld(
                store: store, reopen: { store }, warningCount: warningCount, tearDown: {})
        }
    }
}

/// One test's store, a way to open the same storage again, and its log.
struct StoreContractWorld {
    /// The store under test.
    let store: any PermissionStore
    /// Another store over the same storage, as the next launch of the app would open it.
    let reopen: () throws -> any PermissionStore
    /// How many warnings the stores logged.
    let warningCount: () -> Int
    /// Removes the storage.
    let tearDown: () -> Void
}

// MARK: - Fixtures

enum StoreContractFixtures {
    /// A date at a whole millisecond, the precision stores keep.
    static func date(ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }

    /// Every status, both values of each flag, an app-defined kind, and history including first observations
    /// and a cause Permit does not define itself.
    static let everything = PermissionSnapshot(
        records: [
            .location: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: date(ms: 1_763_778_000_123)),
            .camera: PermissionRecord(status: .denied, hasPrompted: true, checkedAt: date(ms: 1_763_778_000_001)),
            .notifications: PermissionRecord(
                status: .provisional, hasPrompted: false, checkedAt: date(ms: 1_763_778_000_999)),
            .photos: PermissionRecord(status: .limited, hasPrompted: true, checkedAt: date(ms: 1_700_000_000_500)),
            .microphone: PermissionRecord(
                status: .notDetermined, hasPrompted: false, checkedAt: date(ms: 0), isImported: true),
            .contacts: PermissionRecord(
                status: .granted, hasPrompted: false, checkedAt: date(ms: 1_000), isImported: true),
            .tracking: PermissionRecord(status: .restricted, hasPrompted: false, checkedAt: date(ms: 1_234_567_890_987)),
            .bluetooth: PermissionRecord(
                status: .unavailable, hasPrompted: false, checkedAt: date(ms: 1_763_778_000_777)),
            PermissionKind("health"): PermissionRecord(
                status: .granted, hasPrompted: true, checkedAt: date(ms: 4_102_444_800_001)),
        ],
        history: [
            PermissionChange(
                kind: .location, previous: nil, current: .notDetermined, cause: .launch,
                date: date(ms: 1_763_777_000_001)),
            PermissionChange(
                kind: .location, previous: .notDetermined, current: .granted, cause: .request,
                date: date(ms: 1_763_777_500_456)),
            PermissionChange(
                kind: .camera, previous: .granted, current: .denied, cause: .launch,
                date: date(ms: 1_763_778_000_001)),
            PermissionChange(
                kind: .notifications, previous: nil, current: .provisional, cause: .osCallback,
                date: date(ms: 1_763_778_000_999)),
            PermissionChange(
                kind: .photos, previous: .granted, current: .limited, cause: .foreground,
                date: date(ms: 1_763_778_000_999)),
            PermissionChange(
                kind: PermissionKind("health"), previous: .denied, current: .granted,
                cause: ChangeCause(rawValue: "migration"), date: date(ms: 4_102_444_800_001)),
            PermissionChange(
                kind: .tracking, previous: .unavailable, current: .restricted, cause: .manual,
                date: date(ms: 1_234_567_890_987)),
        ])
}
