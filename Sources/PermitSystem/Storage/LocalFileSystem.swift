public import Foundation

/// The real disk, through `FileManager`: the ``DocumentsFileSystem`` the checks use unless told otherwise.
///
/// Free space comes from `FileManager.attributesOfFileSystem(forPath:)` (`statvfs` on Linux), so it is
/// real on every platform. Its methods block while the disk answers; the checks call them on a thread of
/// their own.
///
/// For example:
///
/// ```swift
/// let free = try LocalFileSystem().availableCapacity(at: documentsURL)
/// ```
public struct LocalFileSystem: DocumentsFileSystem {
    /// Creates the file system.
    public init() {}

    /// Asks `FileManager` whether something exists at `url`, and whether it is a directory.
    public func isDirectory(at url: URL) -> Bool? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
    }

    /// Creates the directory with `FileManager`, with intermediate directories.
    public func createDirectory(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes the bytes with `Data.write(to:)`.
    public func write(_ data: Data, to url: URL) throws {
        try data.write(to: url)
    }

    /// Reads the bytes with `Data(contentsOf:)`.
    public func contents(of url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    /// Removes the item with `FileManager`.
    public func removeItem(at url: URL) throws {
        try FileManager.default.removeItem(at: url)
    }

    /// Reads the volume's free size from `FileManager.attributesOfFileSystem(forPath:)`.
    ///
    /// - Throws: ``SystemError/couldNotDetermine`` when the volume does not report its free size, or reports
    ///   a total size of zero (a virtual file system such as `/proc`, where "0 bytes free" means nothing).
    public func availableCapacity(at url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: url.path)
        guard let total = (attributes[.systemSize] as? NSNumber)?.int64Value, total > 0 else {
            throw SystemError.couldNotDetermine.withDetail("the volume reports no size")
        }
        guard let free = (attributes[.systemFreeSize] as? NSNumber)?.int64Value else {
            throw SystemError.couldNotDetermine.withDetail("the volume does not report its free size")
        }
        return free
    }
}
