public import Foundation

/// Everything Permit persists: the last-known record of each permission, the recent change history, and the
/// values other parts of the app keep beside them (see ``PermitStorage``).
///
/// A store saves and loads snapshots whole. An empty snapshot means "no knowledge": a fresh install, or a
/// store that was missing or could not be read.
public struct PermissionSnapshot: Hashable, Sendable {
    /// The last-known record of each tracked permission.
    public var records: [PermissionKind: PermissionRecord]
    /// The most recent changes, oldest first.
    public var history: [PermissionChange]
    /// Small JSON documents kept with the permissions, keyed by their ``StorageKey`` names: the prompt
    /// policy's facts, the last system-status report. Each value is the UTF-8 bytes of one JSON value.
    ///
    /// Write them through ``PermitStorage/setValue(_:for:)``, which versions and persists them.
    public var attachments: [String: Data]

    /// Creates a snapshot.
    public init(
        records: [PermissionKind: PermissionRecord] = [:], history: [PermissionChange] = [],
        attachments: [String: Data] = [:]
    ) {
        self.records = records
        self.history = history
        self.attachments = attachments
    }

    /// A snapshot with no knowledge at all.
    public static let empty = PermissionSnapshot()

    /// Whether the snapshot holds no records, no history and no attachments.
    public var isEmpty: Bool { records.isEmpty && history.isEmpty && attachments.isEmpty }
}
