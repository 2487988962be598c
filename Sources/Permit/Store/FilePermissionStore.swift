public import Foundation
public import Logging
import PermitSupport

/// A store that keeps the snapshot in one JSON file, replaced atomically on every save.
///
/// The file is versioned JSON with sorted keys and times in milliseconds, about 80 bytes per permission
/// plus about 90 bytes per history entry. Each save writes a temporary file next to the target and renames
/// it over the target, so a process killed mid-save leaves either the old or the new file; the next save
/// removes the temporary file such a process left.
///
/// Reading follows ``PermissionStore``'s contract: a missing file loads as no knowledge; a truncated or
/// corrupt one loads as no knowledge with a warning, and is kept next to the store as
/// `<name>.corrupt` for inspection; a file that exists but cannot be read now (file protection before the
/// first unlock, a permissions error) throws ``PermitError/storeUnavailable``.
///
/// This is the default store on Linux, where `UserDefaults` rewrites its file in place.
///
/// For example:
///
/// ```swift
/// let support = URL.applicationSupportDirectory.appending(path: "Permit")
/// let store = FilePermissionStore(url: support.appending(path: "permissions.json"), logger: logger)
/// ```
public struct FilePermissionStore: PermissionStore {
    /// The file the snapshot lives in.
    public let url: URL
    private let legacyKeys: LegacySeedKeys?
    private let logger: Logger
    /// Whether this store swept what an earlier process's killed save left: once, at its first save.
    private let swept = Locked(false)

    /// Creates a store at `url`; the file and its folder are created on the first save.
    ///
    /// - Parameters:
    ///   - url: The file to keep the snapshot in.
    ///   - legacyDefaults: Where an earlier version of the app kept its `p_…` keys. When the file does not
    ///     exist yet, the store imports those keys, so the first launch after an upgrade still detects what
    ///     changed. Every save then keeps the keys current (`yes`/`no` per recorded kind), so code that still
    ///     reads them from `UserDefaults` never sees a stale value.
    ///   - logger: Receives a warning when the file is corrupt.
    public init(url: URL, importingLegacyKeysFrom legacyDefaults: UserDefaults? = nil, logger: Logger) {
        self.url = url
        self.legacyKeys = legacyDefaults.map { LegacySeedKeys(defaults: $0) }
        self.logger = logger
    }

    /// The file a corrupt store is moved to: the store's name with `.corrupt` appended.
    package var corruptCopyURL: URL { url.appendingPathExtension("corrupt") }

    /// Loads the snapshot: empty when the file is missing or corrupt.
    ///
    /// - Throws: ``PermitError/storeUnavailable`` when the file exists but cannot be read now.
    public func load() async throws -> PermissionSnapshot {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: url.path) else {
            guard let imported = legacyKeys?.snapshot(), !imported.isEmpty else { return .empty }
            logger.info("imported legacy p_ permission keys", metadata: ["count": "\(imported.records.count)"])
            return imported
        }
        let data: Data
        do {
            let size = (try fileManager.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= SnapshotCoding.maximumSize else {
                setCorruptFileAside(reason: "\(size) bytes, over the \(SnapshotCoding.maximumSize)-byte limit")
                return .empty
            }
            data = try Data(contentsOf: url)
        } catch {
            throw PermitError.storeUnavailable.withDetail("\(url.lastPathComponent): \(error)")
        }
        do {
            return try SnapshotCoding.decode(data)
        } catch {
            setCorruptFileAside(reason: "\(error)")
            return .empty
        }
    }

    /// Writes `snapshot` to a temporary file of the store's own and renames it over the store's file; then,
    /// when the store keeps legacy keys, writes them.
    ///
    /// The temporary file sits next to the store as `.<name>.saving-<UUID>`. One left by a process killed
    /// mid-save is removed by the next process's first save (a save that fails in this process removes its
    /// own). One process at a time saves a given store.
    public func save(_ snapshot: PermissionSnapshot) async throws {
        let fileManager = FileManager.default
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
        do {
            let data = try SnapshotCoding.encode(snapshot)
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            if swept.withLock({ swept in defer { swept = true }; return !swept }) { sweepTemporaryFiles(in: folder) }
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw PermitError.storeWriteFailed.withDetail("\(url.lastPathComponent): \(error)")
        }
        if let legacyKeys, !legacyKeys.write(snapshot) {
            throw PermitError.storeWriteFailed.withDetail("the legacy p_ keys did not synchronize")
        }
    }

    /// The start of the name of the store's temporary files.
    private var temporaryPrefix: String { ".\(url.lastPathComponent).saving-" }

    /// Removes what saves killed mid-write left in `folder`.
    private func sweepTemporaryFiles(in folder: URL) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? fileManager.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private func setCorruptFileAside(reason: String) {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: corruptCopyURL)
        let kept = (try? fileManager.moveItem(at: url, to: corruptCopyURL)) != nil
        logger.warning(
            "permission store corrupt; starting with no knowledge",
            metadata: [
                "path": "\(url.path)", "reason": "\(reason)",
                "keptAs": "\(kept ? corruptCopyURL.lastPathComponent : "not kept")",
            ])
    }
}
