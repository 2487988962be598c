import Foundation

/// A new temporary folder, removed when the last reference to it goes (or earlier, with ``remove()``).
///
/// A class for that reason: as a struct it was removed only by tests that called ``remove()`` on every path,
/// and a run of the server tests left about fifty folders with their databases in the temporary directory.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("permit-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { remove() }
}
