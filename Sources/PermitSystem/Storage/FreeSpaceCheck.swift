public import Foundation
import Permit
import PermitSupport

/// Checks that the volume holding the documents directory has at least a minimum of free space.
///
/// Fails, raising ``SystemWarning/lowFreeSpace``, when fewer than ``minimumBytes`` are available. A volume
/// that reports no size at all (a virtual file system such as `/proc`) is "could not determine", not full.
/// When the
/// documents directory does not exist yet, the nearest existing parent's volume is measured. The free space
/// is real on every platform (see ``LocalFileSystem/availableCapacity(at:)``).
///
/// For example:
///
/// ```swift
/// let check = FreeSpaceCheck(directory: documentsURL, minimumBytes: 500_000_000)
/// let finding = try await check.run()     // .passed("84.2 GB free; at least 500 MB needed")
/// ```
public struct FreeSpaceCheck: SystemCheck {
    /// The default minimum: 100 MB.
    public static let defaultMinimumBytes: Int64 = 100_000_000

    /// The directory whose volume is measured.
    public let directory: URL
    /// The free bytes under which the check fails.
    public let minimumBytes: Int64
    private let fileSystem: any DocumentsFileSystem

    /// Creates the check.
    ///
    /// - Parameters:
    ///   - directory: The documents directory.
    ///   - minimumBytes: The free bytes under which the check fails. Default: ``defaultMinimumBytes``.
    ///   - fileSystem: The file operations; tests pass one that reports a chosen free size.
    public init(
        directory: URL, minimumBytes: Int64 = defaultMinimumBytes, fileSystem: any DocumentsFileSystem = LocalFileSystem()
    ) {
        self.directory = directory
        self.minimumBytes = minimumBytes
        self.fileSystem = fileSystem
    }

    /// ``SystemCheckID/freeSpace``.
    public var id: SystemCheckID { .freeSpace }
    /// "Free Space".
    public var title: String { "Free Space" }
    /// "Room for local backups".
    public var purpose: String { "Room for local backups" }

    /// Measures the free space and compares it with the minimum.
    ///
    /// The file calls run on a thread of their own, never on Swift's shared cooperative threads, so a
    /// volume that hangs cannot hold up the runner's timeout.
    ///
    /// - Throws: The file system's error when the free space cannot be read, such as
    ///   ``SystemError/couldNotDetermine`` for a volume that reports no size at all.
    public func run() async throws -> SystemCheckFinding {
        try await BlockingWork.run(named: "permit.system.blocking") { [self] in try measure() }
    }

    private func measure() throws -> SystemCheckFinding {
        var measured = directory.standardizedFileURL
        while fileSystem.isDirectory(at: measured) == nil, measured.pathComponents.count > 1 {
            measured = measured.deletingLastPathComponent()
        }
        let free = try fileSystem.availableCapacity(at: measured)
        let summary = "\(Self.format(free)) free; at least \(Self.format(minimumBytes)) needed"
        return free >= minimumBytes ? .passed(summary) : .failed(summary)
    }

    /// Bytes in decimal units with one decimal, the same in every locale: "84.2 GB", "500 MB".
    static func format(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes)
        var unit = 0
        while abs(value) >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
        return "\(text) \(units[unit])"
    }
}
