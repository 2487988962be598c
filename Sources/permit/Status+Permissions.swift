import Foundation
import Permit

/// The permissions a store knows, as `permit status` prints them: each kind's last-known status, and whether a
/// request would prompt again, with what that rests on.
struct StoredPermissionJSON: Encodable {
    let kind: String
    let status: String
    let prompted: Bool
    let canAskAgain: Bool
    let evidence: String
    let reason: String
    let checkedAt: String?

    /// The permissions in `snapshot`, by kind name.
    static func all(in snapshot: PermissionSnapshot) -> [StoredPermissionJSON] {
        snapshot.records.sorted { $0.key.rawValue < $1.key.rawValue }.map { kind, record in
            let askAgain = AskAgain(kind: kind, record: record, history: snapshot.history)
            return StoredPermissionJSON(
                kind: kind.rawValue, status: record.status.rawValue, prompted: record.hasPrompted,
                canAskAgain: askAgain.canAskAgain, evidence: askAgain.evidence.rawValue, reason: askAgain.reason.rawValue,
                checkedAt: record.checkedAt?.formatted(.iso8601))
        }
    }
}

extension Status {
    /// The "Permissions" section: one line per kind the store knows; nothing when it knows none.
    static func printPermissions(_ permissions: [StoredPermissionJSON]) {
        guard !permissions.isEmpty else { return }
        Terminal.line()
        Terminal.line(Terminal.bold("Permissions") + Terminal.dim("  (as last recorded in the store)"))
        let rows = permissions.map { permission in
            [
                permission.kind, permission.status, permission.prompted ? "prompted" : "never prompted",
                permission.canAskAgain ? "can ask again" : Terminal.yellow("cannot ask again"),
                Terminal.dim("\(permission.evidence): \(permission.reason)"),
            ]
        }
        Terminal.line(Terminal.table(rows))
    }
}
