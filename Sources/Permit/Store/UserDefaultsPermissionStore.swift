public import Foundation
public import Logging

/// A store in `UserDefaults` that keeps the legacy `p_Location`, `p_Camera` and `p_Notification` keys.
///
/// Apps that shipped an earlier permission manager read `UserDefaults.standard.string(forKey: "p_Location")`
/// and expect `"yes"` or `"no"`. This store writes those keys, one per tracked kind (see
/// ``PermissionKind/cookieName``), next to the full snapshot, and calls `synchronize()` after every save,
/// which Linux needs to persist anything. When only the legacy keys exist, as on the first launch after an
/// upgrade from such an app, the store imports them.
///
/// On Linux prefer ``FilePermissionStore``: Linux `UserDefaults` rewrites its file in place.
///
/// For example:
///
/// ```swift
/// let store = UserDefaultsPermissionStore(defaults: .standard, logger: logger)
/// ```
public struct UserDefaultsPermissionStore: PermissionStore {
    /// The key under which the full snapshot is kept, as versioned JSON data.
    package static let snapshotKey = "permit.snapshot"

    private let defaults: SendableDefaults
    private let legacyKeys: LegacySeedKeys
    private let logger: Logger

    /// Creates a store in `defaults`.
    ///
    /// - Parameters:
    ///   - defaults: The defaults to keep the snapshot and the `p_…` keys in.
    ///   - legacyKinds: The kinds whose `p_…` keys are imported when no snapshot exists yet.
    ///   - logger: Receives a warning when the stored snapshot cannot be read.
    public init(
        defaults: UserDefaults, importing legacyKinds: [PermissionKind] = PermissionKind.builtIn, logger: Logger
    ) {
        self.defaults = SendableDefaults(defaults)
        self.legacyKeys = LegacySeedKeys(defaults: defaults, kinds: legacyKinds)
        self.logger = logger
    }

    /// Loads the snapshot; imports the legacy `p_…` keys when there is no snapshot yet.
    ///
    /// `UserDefaults` cannot tell "not readable yet" (iOS before the first unlock) from "empty", so this
    /// store never throws ``PermitError/storeUnavailable``; prefer ``FilePermissionStore`` for apps that
    /// launch in the background before the first unlock.
    public func load() async throws -> PermissionSnapshot {
        if let stored = defaults.value.object(forKey: Self.snapshotKey) {
            if let data = stored as? Data {
                do {
                    return try SnapshotCoding.decode(data)
                } catch {
                    logger.warning(
                        "permission snapshot in UserDefaults corrupt; falling back to the p_ keys",
                        metadata: ["bytes": "\(data.count)", "reason": "\(error)"])
                }
            } else {
                logger.warning(
                    "permission snapshot in UserDefaults is not data; falling back to the p_ keys",
                    metadata: ["type": "\(type(of: stored))"])
            }
        }
        let imported = legacyKeys.snapshot()
        if !imported.isEmpty {
            logger.info("imported legacy p_ permission keys", metadata: ["count": "\(imported.records.count)"])
        }
        return imported
    }

    /// Writes the snapshot and every recorded kind's `p_…` key, removes the `p_…` keys of the import kinds the
    /// snapshot does not record, then synchronizes.
    public func save(_ snapshot: PermissionSnapshot) async throws {
        let data: Data
        do {
            data = try SnapshotCoding.encode(snapshot)
        } catch {
            throw PermitError.storeWriteFailed.withDetail("encoding: \(error)")
        }
        defaults.value.set(data, forKey: Self.snapshotKey)
        guard legacyKeys.write(snapshot) else {
            throw PermitError.storeWriteFailed.withDetail("UserDefaults did not synchronize")
        }
    }
}

/// The `p_…` keys an earlier app keeps in `UserDefaults`: imported once, then kept current.
struct LegacySeedKeys: Sendable {
    private let defaults: SendableDefaults
    let kinds: [PermissionKind]

    init(defaults: UserDefaults, kinds: [PermissionKind] = PermissionKind.builtIn) {
        self.defaults = SendableDefaults(defaults)
        self.kinds = kinds
    }

    /// Writes `yes`/`no` for every recorded kind, removes the keys of the other known kinds (no stale `yes`
    /// for a kind no longer tracked), and synchronizes; returns whether synchronizing succeeded.
    func write(_ snapshot: PermissionSnapshot) -> Bool {
        for kind in kinds where snapshot.records[kind] == nil {
            defaults.value.removeObject(forKey: kind.cookieName)
        }
        return set(snapshot.records.map { ($0.key, $0.value.status) })
    }

    /// Writes `yes`/`no` for each of `statuses` and synchronizes; returns whether synchronizing succeeded.
    func set(_ statuses: [(PermissionKind, PermissionStatus)]) -> Bool {
        let defaults = defaults.value
        for (kind, status) in statuses {
            defaults.set(status.cookieValue.rawValue, forKey: kind.cookieName)
        }
        return defaults.synchronize()
    }

    /// The records the `p_…` keys describe; values other than `yes` and `no` are ignored.
    func snapshot() -> PermissionSnapshot {
        var records: [PermissionKind: PermissionRecord] = [:]
        for kind in kinds {
            guard let raw = defaults.value.string(forKey: kind.cookieName),
                let value = PermissionCookieValue(rawValue: raw)
            else { continue }
            records[kind] = .imported(value)
        }
        return PermissionSnapshot(records: records)
    }
}

/// `UserDefaults` is documented as thread-safe, but not every Foundation marks it `Sendable`.
struct SendableDefaults: @unchecked Sendable {  // UserDefaults is thread-safe; Linux Foundation lacks the mark
    let value: UserDefaults
    init(_ value: UserDefaults) { self.value = value }
}
