// Writes a FilePermissionStore in a loop until it is killed: the child process of the crash-safety test
// (Tests/PermitCrashTests). Not a product.
//
//     permit-store-writer STORE-FILE
//
// It loads the store, prints `loaded N` (N is the sequence number of the snapshot it found, 0 for none),
// then saves snapshots N+1, N+2, ... and prints `saved K` after each save of snapshot K has returned. Each
// line is written with one write(2), unbuffered, so the parent has seen every save reported before the kill.
// Snapshot K is `StoreWriterSnapshots.snapshot(sequence: K)` (PermitTesting), which the test uses too.

import Foundation
import Logging
import Permit
import PermitTesting

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
guard let loaded = StoreWriterSnapshots.sequence(of: try await store.load()) else {
    FileHandle.standardError.write(Data("permit-store-writer: the store holds a snapshot it did not write\n".utf8))
    exit(65)
}
report("loaded \(loaded)")
// Bounded, so that a writer whose parent died does not run for ever.
for next in (loaded + 1)...(loaded + 100_000) {
    try await store.save(StoreWriterSnapshots.snapshot(sequence: next))
    report("saved \(next)")
}
