public import Foundation
public import Logging

/// A store that keeps the snapshot in one JSON file, replaced atomically on every save.
///
/// The file is versioned JSON with sorted keys and times in milliseconds, about 60 to 90 bytes per
/// permission. Each save writes a temporary file next to the target and renames it over the target, so a
/// process killed mid-save leaves either the old or the new file. A missing file loads as no knowledge; a
/// truncated or corrupt one loads as no knowledge with a warning.
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
    private let legacyImport: LegacySeedImport?
    private let logger: Logger

    /// Creates a store at `url`; the file and its folder are created on the first save.
    ///
    /// - Parameters:
    ///   - url: The file to keep the snapshot in.
    ///   - legacyDefaults: Where a seed-era app kept its `p_…` keys. When the file does not exist yet, the
    ///     store imports those keys, so the first launch after an upgrade still detects what changed.
    ///   - logger: Receives a warning when the file cannot be read.
    public init(url: URL, importingLegacyKeysFrom legacyDefaults: UserDefaults? = nil, logger: Logger) {
        self.url = url
        self.legacyImport = legacyDefaults.map { LegacySeedImport(defaults: $0) }
        self.logger = logger
    }

    /// Loads the snapshot, or an empty one when the file is missing or cannot be read.
    public func load() async -> PermissionSnapshot {
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= SnapshotCoding.maximumSize else {
                logger.warning(
                    "permission store corrupt; starting with no knowledge",
                    metadata: ["path": "\(url.path)", "bytes": "\(size)", "reason": "larger than the size limit"])
                return .empty
            }
            data = try Data(contentsOf: url)
        } catch {
            if FileManager.default.fileExists(atPath: url.path) {
                logger.warning(
                    "permission store unreadable; starting with no knowledge",
                    metadata: ["path": "\(url.path)", "error": "\(error)"])
            } else if let imported = legacyImport?.snapshot(), !imported.isEmpty {
                logger.info(
                    "imported seed-era permission keys", metadata: ["count": "\(imported.records.count)"])
                return imported
            }
            return .empty
        }
        do {
            return try SnapshotCoding.decode(data)
        } catch {
            logger.warning(
                "permission store corrupt; starting with no knowledge",
                metadata: ["path": "\(url.path)", "bytes": "\(data.count)", "reason": "\(error)"])
            return .empty
        }
    }

    /// Writes `snapshot` to a temporary file and renames it over the store's file.
    public func save(_ snapshot: PermissionSnapshot) async throws {
        do {
            let data = try SnapshotCoding.encode(snapshot)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw PermitError.storeWriteFailed.withDetail("\(url.lastPathComponent): \(error)")
        }
    }
}
