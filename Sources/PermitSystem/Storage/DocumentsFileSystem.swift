public import Foundation

/// The file operations the documents and free-space checks make, so that a test can make them fail or
/// return other bytes.
///
/// ``LocalFileSystem`` implements it with `FileManager`; a test wraps it to force a failure, such as a
/// read-back that does not match what was written.
///
/// ## Implementation requirements
///
/// - Each method acts on the real disk (or the test's stand-in) at once and throws the underlying error when
///   the operation fails; none of them retries.
/// - ``createDirectory(at:)`` creates missing parent directories too, and succeeds when the directory
///   exists already.
/// - ``write(_:to:)`` creates or replaces the file; ``contents(of:)`` returns exactly what the disk holds.
/// - ``removeItem(at:)`` removes a file, or a directory with everything in it.
/// - ``availableCapacity(at:)`` is the number of bytes an ordinary process can still write on the volume
///   that holds `url`, which exists.
/// - Methods may be called from any thread, concurrently. They may block while the disk answers: the checks
///   call them on a thread of their own, never on Swift's cooperative threads.
///
/// For example, a file system whose reads return other bytes:
///
/// ```swift
/// struct Corrupting: DocumentsFileSystem {
///     let base = LocalFileSystem()
///     func contents(of url: URL) throws -> Data { Data("other".utf8) }
///     // every other method calls `base`
/// }
/// ```
public protocol DocumentsFileSystem: Sendable {
    /// Whether something exists at `url`: `true` for a directory, `false` for anything else, `nil` for
    /// nothing.
    func isDirectory(at url: URL) -> Bool?
    /// Creates the directory at `url` and any missing parents.
    func createDirectory(at url: URL) throws
    /// Writes `data` to the file at `url`, replacing it if it exists.
    func write(_ data: Data, to url: URL) throws
    /// The bytes of the file at `url`.
    func contents(of url: URL) throws -> Data
    /// Removes the file or directory at `url`, with everything in it.
    func removeItem(at url: URL) throws
    /// The bytes still available on the volume that holds `url`.
    func availableCapacity(at url: URL) throws -> Int64
}
