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
