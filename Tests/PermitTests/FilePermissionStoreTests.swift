import Foundation
import InMemoryLogging
import Logging
import Permit
import Testing

/// ``FilePermissionStore``: what it reads, what it refuses, and the bytes it leaves on disk.
@Suite struct FilePermissionStoreTests {
    // MARK: - Missing and unreadable files

    @Test func missingFileLoadsEmptyWithoutWarning() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }

        #expect(try await world.store().load() == .empty)
        #expect(world.handler.entries.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: world.url.path))
    }

    @Test(arguments: CorruptStoreFile.allCases)
    func corruptFileLoadsEmptyWithOneWarning(_ corruption: CorruptStoreFile) async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let valid = try await world.validFileBytes()
        try corruption.bytes(from: valid).write(to: world.url)

        let loaded = try await world.store().load()

        #expect(loaded == .empty)
        let warnings = world.handler.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        #expect(world.handler.entries.count == 1)
    }

    @Test func aStoreThatExistsButCannotBeReadThrowsUnavailableAndIsLeftAlone() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try FileManager.default.createDirectory(at: world.url, withIntermediateDirectories: true)

        await #expect(throws: PermitError.storeUnavailable) { try await world.store().load() }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: world.url.path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(world.handler.entries.isEmpty)  // the center, not the store, decides what to log
    }

    @Test func aCorruptFileIsKeptAsideForInspection() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let garbage = Data("{\"version\":1,\"permissions\":".utf8)
        try garbage.write(to: world.url)
        let store = world.store()

        #expect(try await store.load() == .empty)
        #expect(!FileManager.default.fileExists(atPath: world.url.path))
        #expect(try Data(contentsOf: store.corruptCopyURL) == garbage)
    }

    /// The same bytes that are refused when corrupted load when intact, so the corruption is what fails.
    @Test func intactFileLoadsWithoutWarning() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try await world.validFileBytes().write(to: world.url)

        #expect(try await world.store().load() == FileStoreWorld.sample)
        #expect(world.handler.entries.isEmpty)
    }

    @Test func fileOfExactlyOneMebibyteStillLoads() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let valid = try await world.validFileBytes()
        try CorruptStoreFile.padded(valid, to: 1 << 20).write(to: world.url)

        #expect(try Data(contentsOf: world.url).count == 1 << 20)
        #expect(try await world.store().load() == FileStoreWorld.sample)
        #expect(world.handler.entries.filter { $0.level == .warning }.isEmpty)
    }

    // MARK: - Writing

    @Test func saveCreatesAMissingFolder() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let url = world.folder.appendingPathComponent("a/b/c/permissions.json")
        let store = FilePermissionStore(url: url, logger: world.logger)

        try await store.save(FileStoreWorld.sample)

        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(try await FilePermissionStore(url: url, logger: world.logger).load() == FileStoreWorld.sample)
    }

    @Test func severalSavesLeaveOnlyTheStoreFile() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let store = world.store()
        var last = PermissionSnapshot.empty

        for index in 0..<8 {
            let status = PermissionStatus.allCases[index % PermissionStatus.allCases.count]
            last = PermissionSnapshot(records: [
                .camera: PermissionRecord(
                    status: status, hasPrompted: index % 2 == 0,
                    checkedAt: Date(timeIntervalSince1970: Double(1_763_778_000_000 + index) / 1000))
            ])
            try await store.save(last)
        }

        let names = try FileManager.default.contentsOfDirectory(atPath: world.folder.path)
        #expect(names == ["permissions.json"])
        #expect(try await store.load() == last)
    }

    @Test func saveIntoAnUnwritablePlaceThrowsStoreWriteFailed() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        // A regular file where the store's folder should be: no folder can be created there.
        let blocker = world.folder.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let store = FilePermissionStore(url: blocker.appendingPathComponent("permissions.json"), logger: world.logger)

        await #expect(throws: PermitError.storeWriteFailed) {
            try await store.save(FileStoreWorld.sample)
        }
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
    }

    // MARK: - Format

    @Test func fileIsVersionedJSON() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try await world.store().save(FileStoreWorld.sample)
        let data = try Data(contentsOf: world.url)

        #expect(String(decoding: data, as: UTF8.self).contains(#""version":2"#))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        let permissions = try #require(object["permissions"] as? [String: Any])
        #expect(Set(permissions.keys) == ["camera", "location"])
        #expect((object["history"] as? [Any])?.count == 1)
    }

    @Test func timesAreWholeMillisecondsSince1970() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try await world.store().save(FileStoreWorld.sample)

        let text = try String(contentsOf: world.url, encoding: .utf8)
        #expect(text.contains(#""checked":1763778000123"#))
        #expect(text.contains(#""at":1763777999001"#))
    }

    @Test func equalSnapshotsWriteEqualBytes() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let other = world.folder.appendingPathComponent("other.json")
        // The same records, inserted in the opposite order.
        var reversed = PermissionSnapshot(history: FileStoreWorld.sample.history)
        for (kind, record) in FileStoreWorld.sample.records.sorted(by: { $0.key > $1.key }) {
            reversed.records[kind] = record
        }

        try await world.store().save(FileStoreWorld.sample)
        try await FilePermissionStore(url: other, logger: world.logger).save(reversed)

        #expect(try Data(contentsOf: world.url) == Data(contentsOf: other))
    }

    @Test func fileIsAtMostOneHundredBytesPerPermission() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let now = Date()
        var snapshot = PermissionSnapshot()
        for kind in PermissionKind.builtIn {
            snapshot.records[kind] = PermissionRecord(status: .notDetermined, hasPrompted: false, checkedAt: now)
        }

        try await world.store().save(snapshot)

        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: world.url.path)[.size] as? NSNumber
        ).intValue
        #expect(size == (try Data(contentsOf: world.url)).count)
        let count = PermissionKind.builtIn.count
        #expect(count == 24)
        #expect(size / count <= 100, "\(size) bytes for \(count) permissions")
        #expect(try await world.store().load().records.count == count)
    }

    // MARK: - Seed-era keys

    @Test func missingFileImportsSeedKeys() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let legacy = try SeedEraDefaults(["p_Location": "yes", "p_Camera": "no", "p_Notification": "maybe"])
        defer { legacy.tearDown() }
        let store = world.store(legacy: legacy)

        let loaded = try await store.load()

        let location = try #require(loaded.records[.location])
        #expect(location.status == .granted)
        #expect(location.isImported)
        #expect(location.hasPrompted == false)
        let camera = try #require(loaded.records[.camera])
        #expect(camera.status == .notDetermined)
        #expect(camera.isImported)
        #expect(loaded.records[.notifications] == nil)
        #expect(loaded.records.count == 2)
        #expect(loaded.history.isEmpty)
        #expect(world.handler.entries.filter { $0.level == .warning }.isEmpty)
    }

    @Test func seedKeysAreNotImportedOnceTheFileExists() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let legacy = try SeedEraDefaults(["p_Location": "yes", "p_Camera": "no"])
        defer { legacy.tearDown() }
        let store = world.store(legacy: legacy)
        #expect(try await store.load().records.count == 2)
        let saved = PermissionSnapshot(records: [
            .microphone: PermissionRecord(
                status: .granted, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 1_763_778_000.5))
        ])

        try await store.save(saved)

        #expect(try await store.load() == saved)
        #expect(try await world.store(legacy: legacy).load() == saved)
    }

    @Test func anEmptySavedFileIsNotReplacedBySeedKeys() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let legacy = try SeedEraDefaults(["p_Location": "yes"])
        defer { legacy.tearDown() }
        let store = world.store(legacy: legacy)

        try await store.save(.empty)

        #expect(FileManager.default.fileExists(atPath: world.url.path))
        #expect(try await store.load() == .empty)
    }

    @Test func everySaveKeepsTheSeedKeysCurrent() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let legacy = try SeedEraDefaults(["p_Location": "yes", "p_Camera": "yes"])
        defer { legacy.tearDown() }
        let store = world.store(legacy: legacy)
        let date = Date(timeIntervalSince1970: 1_763_778_000)

        try await store.save(PermissionSnapshot(records: [
            .location: PermissionRecord(status: .denied, hasPrompted: true, checkedAt: date),
            .microphone: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: date),
        ]))

        #expect(legacy.defaults.string(forKey: "p_Location") == "no")  // revoked: no stale yes
        #expect(legacy.defaults.string(forKey: "p_Microphone") == "yes")
        #expect(legacy.defaults.object(forKey: "p_Camera") == nil)  // no longer recorded
        #expect(try await store.load().records[.location]?.status == .denied)
    }
}

// MARK: - Corruptions

/// Ways a store file can be damaged, each made from the bytes of a valid save.
enum CorruptStoreFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case truncated
    case garbage
    case wrongShape
    case arrayAtTopLevel
    case version3
    case invalidKindInPermissions
    case invalidKindInHistory
    case invalidStatus
    case onlyOpeningBrace
    case empty
    case overOneMebibyte

    var testDescription: String { rawValue }

    func bytes(from valid: Data) throws -> Data {
        switch self {
        case .truncated:
            return valid.prefix(valid.count / 2)
        case .garbage:
            return Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
        case .wrongShape:
            return Data(#"{"permissions":{"camera":"yes"},"history":"none","version":1}"#.utf8)
        case .arrayAtTopLevel:
            return Data(#"[1,2,3]"#.utf8)
        case .version3:
            return try Self.replacing(#""version":2"#, with: #""version":3"#, in: valid)
        case .invalidKindInPermissions:
            return try Self.replacing(#""camera":{"#, with: #""1camera":{"#, in: valid)
        case .invalidKindInHistory:
            return try Self.replacing(#""kind":"location""#, with: #""kind":"loca-tion""#, in: valid)
        case .invalidStatus:
            return try Self.replacing(#""status":"granted""#, with: #""status":"allowed""#, in: valid)
        case .onlyOpeningBrace:
            return Data("{".utf8)
        case .empty:
            return Data()
        case .overOneMebibyte:
            return Self.padded(valid, to: (1 << 20) + 1)
        }
    }

    /// `valid` followed by spaces up to `size` bytes: still valid JSON, only too large.
    static func padded(_ valid: Data, to size: Int) -> Data {
        valid + Data(repeating: UInt8(ascii: " "), count: size - valid.count)
    }

    private static func replacing(_ target: String, with replacement: String, in data: Data) throws -> Data {
        let text = String(decoding: data, as: UTF8.self)
        try #require(text.contains(target), "the valid file should contain \(target)")
        return Data(text.replacingOccurrences(of: target, with: replacement).utf8)
    }
}

// MARK: - Worlds

/// A temporary folder for one test, a logger that keeps what it logged, and the store's file in the folder.
struct FileStoreWorld {
    let folder: URL
    let url: URL
    let handler: InMemoryLogHandler
    let logger: Logger

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("permit-file-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("permissions.json")
        let handler = InMemoryLogHandler()
        self.handler = handler
        logger = Logger(label: "permit.tests.file-store", factory: { _ in handler })
    }

    func store() -> FilePermissionStore { FilePermissionStore(url: url, logger: logger) }

    func store(legacy: SeedEraDefaults) -> FilePermissionStore {
        FilePermissionStore(url: url, importingLegacyKeysFrom: legacy.defaults, logger: logger)
    }

    func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The bytes a save of ``sample`` writes, made in a scratch file beside the store's.
    func validFileBytes() async throws -> Data {
        let scratch = folder.appendingPathComponent("scratch.json")
        let scratchLogger = Logger(label: "permit.tests.scratch", factory: { _ in SwiftLogNoOpLogHandler() })
        try await FilePermissionStore(url: scratch, logger: scratchLogger).save(Self.sample)
        let data = try Data(contentsOf: scratch)
        try FileManager.default.removeItem(at: scratch)
        return data
    }

    static let sample = PermissionSnapshot(
        records: [
            .camera: PermissionRecord(
                status: .granted, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 1_763_778_000.123)),
            .location: PermissionRecord(
                status: .denied, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 1_763_777_999.001)),
        ],
        history: [
            PermissionChange(
                kind: .location, previous: .notDetermined, current: .denied, cause: .request,
                date: Date(timeIntervalSince1970: 1_763_777_999.001))
        ])
}

/// A `UserDefaults` suite of its own, as a seed-era app left it, removed after the test.
struct SeedEraDefaults {
    let suiteName = "permit.tests.legacy.\(UUID().uuidString)"
    let defaults: UserDefaults

    /// A suite of its own holding `values`, as a seed-era app left them.
    init(_ values: [String: String] = [:]) throws {
        defaults = try #require(UserDefaults(suiteName: suiteName))
        for (key, value) in values { defaults.set(value, forKey: key) }
    }

    func tearDown() { defaults.removePersistentDomain(forName: suiteName) }
}
