// Writes a FilePermissionStore in a loop until it is killed: the child process of the crash-safety test
// (Tests/PermitCrashTests). Not a product.
//
//     permit-store-writer STORE-FILE
//
// It loads the store, prints `loaded N` (N is the sequence number of the snapshot it found, 0 for none),
// then saves snapshots N+1, N+2, ... and prints `saved K` after each save of snapshot K has returned. Each
// line is written with one write(2), unbuffered, so the parent has seen every save reported before the kill.
// Snapshot K is `snapshot(sequence: K)` below; the test builds the same snapshot to compare what it loads.

import Foundation
import Logging
import Permit

/// Snapshot number `sequence`: three records, 200 history entries and an attachment, every value derived
/// from `sequence`, so a file that mixed two snapshots would not equal either. About 20 KB on disk, so that
/// a kill often lands while the file is being written. Kept identical to the test's copy.
func snapshot(sequence: Int) -> PermissionSnapshot {
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
        records: records, history: history, attachments: ["writer": Data(#"{"sequence":\#(sequence)}"#.utf8)])
}

/// The sequence number of a snapshot this tool wrote; 0 for an empty one.
func sequence(of snapshot: PermissionSnapshot) -> Int? {
    guard let data = snapshot.attachments["writer"] else { return snapshot.isEmpty ? 0 : nil }
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Int]
    return object?["sequence"]
}

func report(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        guard result > 0 else { exit(2) }
        written += result
    }
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: permit-store-writer STORE-FILE\n".utf8))
    exit(64)
}
var logger = Logger(label: "permit.store-writer")
logger.logLevel = .error
let store = FilePermissionStore(url: URL(fileURLWithPath: CommandLine.arguments[1]), logger: logger)
guard let loaded = sequence(of: try await store.load()) else {
    FileHandle.standardError.write(Data("permit-store-writer: the store holds a snapshot it did not write\n".utf8))
    exit(65)
}
report("loaded \(loaded)")
// Bounded, so that a writer whose parent died does not run for ever.
for next in (loaded + 1)...(loaded + 100_000) {
    try await store.save(snapshot(sequence: next))
    report("saved \(next)")
}
