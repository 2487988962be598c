import Foundation

/// A comparison of what the OS reports with what Permit has stored, per permission.
///
/// A summary as a value: each entry says whether the stored cookie value still
/// matches the OS. An entry out of sync means a change has happened that Permit has not yet recorded, such as
/// a permission changed in Settings while the app was suspended.
///
/// For example:
///
/// ```swift
/// let summary = await center.summary()
/// print(summary)            // a readable table
/// if !summary.isInSync { await center.refresh() }
/// ```
public struct PermissionSummary: Hashable, Sendable, CustomStringConvertible {
    /// One permission's line in the summary.
    public struct Entry: Hashable, Sendable {
        /// The permission.
        public var kind: PermissionKind
        /// What the OS reports now.
        public var systemStatus: PermissionStatus
        /// The status Permit has stored, or `nil` when nothing is stored yet.
        public var storedStatus: PermissionStatus?
        /// The key of the permission's cookie, such as `p_Location`.
        public var cookieName: String { kind.cookieName }
        /// The stored cookie value, or `nil` when nothing is stored yet.
        public var storedValue: PermissionCookieValue? { storedStatus?.cookieValue }
        /// Whether the stored cookie value matches the OS.
        public var isInSync: Bool { storedValue == systemStatus.cookieValue }

        /// Creates an entry.
        package init(kind: PermissionKind, systemStatus: PermissionStatus, storedStatus: PermissionStatus?) {
            self.kind = kind
            self.systemStatus = systemStatus
            self.storedStatus = storedStatus
        }
    }

    /// One entry per tracked permission, in the center's order.
    public var entries: [Entry]

    /// Creates a summary.
    package init(entries: [Entry]) { self.entries = entries }

    /// Whether every entry is in sync.
    public var isInSync: Bool { entries.allSatisfy(\.isInSync) }

    /// The summary as a table, one line per permission.
    public var description: String {
        let outOfSync = entries.filter { !$0.isInSync }.count
        var lines = [
            "Permission summary: \(entries.count) tracked, "
                + (outOfSync == 0 ? "all in sync" : "\(outOfSync) out of sync")
        ]
        let rows =
            [["permission", "system status", "cookie", "stored", "in sync"]]
            + entries.map {
                [$0.kind.displayName, $0.systemStatus.rawValue, $0.cookieName, $0.storedValue?.rawValue ?? "-",
                 $0.isInSync ? "yes" : "NO"]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            lines.append("  " + cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }
}
