import Foundation
package import Permit

/// The snapshots `permit-store-writer` saves and the crash-safety test expects to load: the one definition
/// both sides use (package access; not part of PermitTesting's public API).
///
/// Snapshot number `sequence` has three records, 200 history entries and an attachment, every value derived
/// from `sequence`, so a file that mixed two snapshots would not equal either. It is about 20 KB on disk, so
/// that a kill often lands while the file is being written.
package enum StoreWriterSnapshots {
    /// Snapshot number `sequence`.
    package static func snapshot(sequence: Int) -> PermissionSnapshot {
        let base = 1_800_000_000_000 + Int64(sequence) * 1_000
        let at = { (offset: Int64) in Date(timeIntervalSince1970: Double(base + offset) / 1000) }
        let statuses: [PermissionStatus] = [.granted, .denied, .notDetermined, .limited]
        let kinds: [PermissionKind] = [.camera, .location, .notifications]
        var records: [PermissionKind: PermissionRecord] = [:]
        for (index, kind) in kinds.enumerated() {
            records[kind] = PermissionRecord(
                status: statuses[(sequence + index) % statuses.count], hasPrompted: sequence % 2 == 0,
                checkedAt: at(Int64(index)))
        }
        let history = (0..<200).map { index in
            PermissionChange(
                kind: kinds[index % kinds.count], previous: statuses[(sequence + index) % statuses.count],
                current: statuses[(sequence + index + 1) % statuses.count], cause: .manual, date: at(Int64(index)))
        }
        return PermissionSnapshot(
            records: records, history: history,
            attachments: ["writer": Data(#"{"sequence":\#(sequence)}"#.utf8)])
    }

    /// The sequence number of a snapshot made by ``snapshot(sequence:)``; 0 for an empty snapshot, nil for
    /// any other.
    package static func sequence(of snapshot: PermissionSnapshot) -> Int? {
        guard let data = snapshot.attachments["writer"] else { return snapshot.isEmpty ? 0 : nil }
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Int]
        return object?["sequence"]
    }
}
