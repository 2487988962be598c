public import Foundation

/// Everything Permit persists: the last-known record of each permission and the recent change history.
///
/// A store saves and loads snapshots whole. An empty snapshot means "no knowledge": a fresh install, or a
/// store that was missing or could not be read.
public struct PermissionSnapshot: Hashable, Sendable {
    /// The last-known record of each tracked permission.
    public var records: [PermissionKind: PermissionRecord]
    /// The most recent changes, oldest first.
    public var history: [PermissionChange]

    /// Creates a snapshot.
    public init(records: [PermissionKind: PermissionRecord] = [:], history: [PermissionChange] = []) {
        self.records = records
        self.history = history
    }

    /// A snapshot with no knowledge at all.
    public static let empty = PermissionSnapshot()

    /// Whether the snapshot holds no records and no history.
    public var isEmpty: Bool { records.isEmpty && history.isEmpty }
}

/// The persisted record of one permission.
public struct PermissionRecord: Hashable, Sendable {
    /// The status last read from the OS.
    public var status: PermissionStatus
    /// Whether this install has ever shown the system prompt for the permission.
    public var hasPrompted: Bool
    /// When the status was read.
    public var checkedAt: Date
    /// Whether the record was imported from a seed-era `p_…` key, which kept only `yes` or `no`.
    ///
    /// An imported `yes` reads as ``PermissionStatus/granted`` and an imported `no` as
    /// ``PermissionStatus/notDetermined``; Permit compares imported records by cookie value only, so that the
    /// first launch after the upgrade reports no change that did not happen.
    public var isImported: Bool

    /// Creates a record.
    public init(status: PermissionStatus, hasPrompted: Bool, checkedAt: Date, isImported: Bool = false) {
        self.status = status
        self.hasPrompted = hasPrompted
        self.checkedAt = checkedAt
        self.isImported = isImported
    }

    /// The record a seed-era `yes`/`no` value imports as.
    public static func imported(_ value: PermissionCookieValue) -> PermissionRecord {
        PermissionRecord(
            status: value == .yes ? .granted : .notDetermined, hasPrompted: false,
            checkedAt: Date(timeIntervalSince1970: 0), isImported: true)
    }
}
