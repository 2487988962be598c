import Foundation
public import Logging

/// Everything Permit persists, in one ``PermissionStore``: the permission records and history that the
/// ``PermissionCenter`` keeps, and the small values other parts keep beside them under a ``StorageKey``.
///
/// One storage serves the whole app: the center, the prompt policy, the push-token manager and the system
/// status all take it, so that one file holds everything and one save at a time writes it.
///
/// - The store is loaded the first time anything is read or written. While it exists but cannot be read
///   (file protection before the device's first unlock), the storage works in memory, writes nothing over
///   the store, and tries to load it again at the next read or write; what was written meanwhile wins over
///   what the store held.
/// - Every write replaces the whole snapshot through the store, one save at a time and always of the latest
///   state; ``setValue(_:for:)`` returns once a save that covers it has ended. A save that fails is logged at
///   `error` and retried with the next write.
/// - A value is stored as JSON with its key's version. One that cannot be decoded, or was written with
///   another version, reads as `nil`, with a warning logged.
///
/// For example:
///
/// ```swift
/// let storage = PermitStorage(
///     store: FilePermissionStore(url: supportFolder.appending(path: "permissions.json"), logger: logger),
///     logger: logger)
/// let center = PermissionCenter(kinds: [.location, .camera], authority: authority, storage: storage, logger: logger)
/// ```
public actor PermitStorage {
    /// The largest value, in bytes of JSON.
    public static let maximumValueSize = 64 * 1024

    private let store: any PermissionStore
    private let logger: Logger
    private var snapshot = PermissionSnapshot.empty
    private var isLoaded = false
    /// Names written while the store could not be read; they win over the stored values once it loads.
    private var namesWrittenBeforeLoad: Set<String> = []
    private var saves = SaveStateMachine()
    /// What each change not yet released runs when it is, and the caller waiting for it, by version.
    private var pending: [Int: Pending] = [:]

    private struct Pending {
        var release: (@Sendable () -> Void)?
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// Creates the storage over `store`; nothing is read until it is first used.
    ///
    /// - Parameters:
    ///   - store: Where the snapshot lives: a ``FilePermissionStore``, a ``UserDefaultsPermissionStore``, or
    ///     `InMemoryPermissionStore` in tests.
    ///   - logger: Receives an unreadable store or value at `warning` and a failed save at `error`.
    public init(store: any PermissionStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    // MARK: - Values

    /// The value stored under `key`, or `nil` when there is none, it cannot be decoded as `Value`, or it was
    /// stored with another version of the key.
    public func value<Value>(for key: StorageKey<Value>) async -> Value? {
        await loadIfNeeded()
        guard let data = snapshot.attachments[key.name] else { return nil }
        do {
            let stored = try Self.decoder.decode(StoredVersion.self, from: data).version
            guard stored == key.version else {
                logger.warning(
                    "stored value has another version; treated as none",
                    metadata: ["key": "\(key.name)", "stored": "\(stored)", "expected": "\(key.version)"])
                return nil
            }
            return try Self.decoder.decode(StoredValue<Value>.self, from: data).value
        } catch {
            logger.warning(
                "stored value unreadable; treated as none",
                metadata: ["key": "\(key.name)", "error": "\(String(reflecting: type(of: error)))"])
            return nil
        }
    }

    /// Stores, replaces or (with `nil`) removes the value under `key`, and returns once a save that covers
    /// it has ended.
    ///
    /// Nothing is written when the value is unchanged. A failed save does not throw: it is logged, and the
    /// next write saves the value again.
    ///
    /// - Throws: ``PermitError/invalidValue`` when the value cannot be encoded as JSON or its JSON is larger
    ///   than ``maximumValueSize``; nothing changes then.
    public func setValue<Value>(_ value: Value?, for key: StorageKey<Value>) async throws {
        var data: Data?
        if let value {
            do {
                data = try Self.encoder.encode(StoredValue(version: key.version, value: value))
            } catch {
                throw PermitError.invalidValue.withDetail("\(key.name) cannot be encoded as JSON")
            }
            if let size = data?.count, size > Self.maximumValueSize {
                throw PermitError.invalidValue.withDetail(
                    "\(key.name) is \(size) bytes, over the \(Self.maximumValueSize)-byte limit")
            }
        }
        await loadIfNeeded()
        if !isLoaded { namesWrittenBeforeLoad.insert(key.name) }
        guard snapshot.attachments[key.name] != data else { return }
        snapshot.attachments[key.name] = data
        logger.debug("stored value written", metadata: ["key": "\(key.name)", "bytes": "\(data?.count ?? 0)"])
        await changed(release: nil)
    }

    // MARK: - The center's records

    /// The stored records and history, loading the store first if need be, or `nil` while it cannot be read.
    ///
    /// What this process recorded while the store could not be read is kept in what it returns: kinds the
    /// stored snapshot does not know, and prompts shown.
    package func baseline() async -> PermissionSnapshot? {
        await loadIfNeeded()
        return isLoaded ? snapshot : nil
    }

    /// Replaces the records and history, saves, then runs `release` (publishing the changes they hold) and
    /// returns: changes are released in the order they were made, each after a save that covers it.
    package func commit(
        records: [PermissionKind: PermissionRecord], history: [PermissionChange],
        release: @escaping @Sendable () -> Void
    ) async {
        snapshot.records = records
        snapshot.history = history
        await changed(release: release)
    }

    // MARK: - Loading and saving

    private func loadIfNeeded() async {
        guard !isLoaded else { return }
        let loaded: PermissionSnapshot
        do {
            loaded = try await store.load()
        } catch {
            logger.warning(
                "permission store unreadable; working in memory and retrying at the next use",
                metadata: ["error": "\(error)"])
            return
        }
        // A concurrent call may have loaded it meanwhile; its result stands.
        guard !isLoaded else { return }
        let (merged, amended) = loaded.amended(with: snapshot, namesWritten: namesWrittenBeforeLoad)
        snapshot = merged
        isLoaded = true
        namesWrittenBeforeLoad = []
        if amended { await changed(release: nil) }
    }

    /// Records a change of the snapshot and carries out what the save machine says; returns once the change
    /// is released.
    private func changed(release: (@Sendable () -> Void)?) async {
        let action = saves.changed(storeLoaded: isLoaded)
        pending[saves.version] = Pending(release: release)
        if action == .wait {
            let version = saves.version
            await withCheckedContinuation { pending[version]?.waiter = $0 }
        } else {
            await carryOut(action)
        }
    }

    private func carryOut(_ action: SaveStateMachine.Action) async {
        switch action {
        case .wait:
            return
        case .release(let version):
            for released in pending.keys.filter({ $0 <= version }).sorted() {
                let entry = pending.removeValue(forKey: released)
                entry?.release?()
                entry?.waiter?.resume()
            }
        case .save(let version):
            do {
                try await store.save(snapshot)
            } catch {
                logger.error("permission snapshot not saved; will retry on the next change", metadata: ["error": "\(error)"])
            }
            for next in saves.saveEnded(version) { await carryOut(next) }
        }
    }

    // MARK: - Coding

    private struct StoredValue<Value: Codable>: Codable {
        var version: Int
        var value: Value
    }

    private struct StoredVersion: Decodable {
        var version: Int
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()
}
