import Foundation
import PermitChildProcess
import PermitSupport

/// A tmpfs of a few pages mounted on a temporary folder: a disk that really fills up. Mounting needs root; the
/// test that uses one removes it with ``remove()`` in a `defer`.
struct SmallDisk: Sendable {
    let folder: TemporaryFolder

    /// Whether this process may mount one.
    static var canMount: Bool { getuid() == 0 }

    /// Mounts a tmpfs of `size` (such as `1m`) on a new temporary folder.
    init(size: String) async throws {
        folder = try TemporaryFolder()
        let path = folder.url.path
        do {
            try await ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path], standardError: .inherited)
        } catch {
            folder.remove()
            throw error
        }
    }

    func file(_ name: String) -> String { folder.file(name) }

    /// Writes a filler file until the disk is full; returns its path, to remove to make room again.
    func fill() throws -> String {
        let path = folder.file("filler")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let page = Data(repeating: 0xA5, count: 4_096)
        while (try? handle.write(contentsOf: page)) != nil {}
        // The last page may have been written in part: fill byte by byte to the last one.
        while (try? handle.write(contentsOf: Data([0xA5]))) != nil {}
        return path
    }

    /// Unmounts the tmpfs and removes the folder. Called from a `defer`, so it waits for `umount -l` (which
    /// detaches at once) on the caller's thread.
    func remove() {
        _ = try? ChildProcess("/bin/umount", ["-l", folder.url.path], standardError: .inherited).waitBlocking()
        folder.remove()
    }
}
