// libFuzzer target: the permission store's decoder, the step `FilePermissionStore.load()` takes after reading
// the file's bytes (it is called directly: a file write and read per run would cut the rate tenfold).
//
// Built and run by scripts/fuzz. Every input is a whole store file. Decoding must never crash: it returns a
// snapshot or one of its errors (the store then starts from no knowledge). A snapshot it returns must be one
// the store can save again, and a load-save cycle must be stable: the bytes saved after one reload are the
// bytes saved after the next, so that a store never drifts or grows by being read and written.

import Foundation
@testable import Permit

@_cdecl("LLVMFuzzerTestOneInput")
public func storeSnapshotFuzzTarget(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let snapshot: PermissionSnapshot
    do throws(SnapshotDecodingError) {
        snapshot = try SnapshotCoding.decode(data)
    } catch {
        if case .tooLarge = error {} else {
            check(count <= SnapshotCoding.maximumSize, "a file over the limit is refused as tooLarge")
        }
        return 0
    }
    guard let saved = try? SnapshotCoding.encode(snapshot) else { fail("a loaded snapshot can be saved") }
    guard let reloaded = try? SnapshotCoding.decode(saved) else { fail("a saved snapshot loads") }
    guard let savedAgain = try? SnapshotCoding.encode(reloaded) else { fail("a reloaded snapshot can be saved") }
    check(saved == savedAgain, "load-save is stable after one cycle")
    check(reloaded.records.keys == snapshot.records.keys, "no record is lost or invented")
    check(reloaded.history.count == snapshot.history.count, "no history entry is lost or invented")
    check(reloaded.attachments.keys == snapshot.attachments.keys, "no attachment is lost or invented")
    return 0
}

private func check(_ condition: Bool, _ property: @autoclosure () -> String) {
    if !condition { fail(property()) }
}

private func fail(_ property: String) -> Never {
    fatalError("store-snapshot fuzz target: property broken: \(property)")
}
