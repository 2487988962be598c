public import Foundation
import Permit
import PermitSupport

/// Checks that the app can write to its documents directory and read back what it wrote:
/// "Documents Accessible", done by a real probe.
///
/// Each run creates a uniquely named test directory inside the documents directory, writes a file with
/// fresh bytes in it, reads the file back and compares, and then removes the test directory with
/// everything in it, whether the probe succeeded or not. It fails, raising
/// ``SystemWarning/cannotAccessStorage``, when:
///
/// - the documents directory does not exist and cannot be created (or ``createsMissingDirectory`` is off);
/// - something other than a directory is at its path;
/// - any step of the probe throws, or the bytes read back differ from those written;
/// - the test directory cannot be removed afterwards.
///
/// A documents directory that does not exist yet is created first, as the app would, and is left in
/// place; only the probe's own test directory is removed.
///
/// For example:
///
/// ```swift
/// let check = DocumentsAccessCheck(directory: URL.documentsDirectory)
/// let finding = try await check.run()     // .passed("read and write work")
/// ```
public struct DocumentsAccessCheck: SystemCheck {
    /// The prefix of the probe's test directory; the rest of its name is a fresh UUID.
    public static let probePrefix = ".permit-probe-"

    /// The directory the app keeps its data and backups in.
    public let directory: URL
    /// Whether a missing documents directory is created; when `false`, it is reported as missing.
    public let createsMissingDirectory: Bool
    private let fileSystem: any DocumentsFileSystem

    /// Creates the check.
    ///
    /// - Parameters:
    ///   - directory: The documents directory to probe.
    ///   - createsMissingDirectory: Whether to create `directory` when it does not exist. Default: `true`.
    ///   - fileSystem: The file operations; tests pass one that fails on purpose.
    public init(
        directory: URL, createsMissingDirectory: Bool = true, fileSystem: any DocumentsFileSystem = LocalFileSystem()
    ) {
        self.directory = directory
        self.createsMissingDirectory = createsMissingDirectory
        self.fileSystem = fileSystem
    }

    /// ``SystemCheckID/documents``.
    public var id: SystemCheckID { .documents }
    /// "Storage Access".
    public var title: String { "Storage Access" }
    /// "Required for local backups".
    public var purpose: String { "Required for local backups" }

    /// Probes the directory: create a test directory, write, read back and compare, remove.
    ///
    /// The file calls run on a thread of their own, never on Swift's shared cooperative threads, so a
    /// volume that hangs cannot hold up the runner's timeout.
    public func run() async throws -> SystemCheckFinding {
        await BlockingWork.run(named: "permit.system.blocking") { [self] in probeDirectory() }
    }

    private func probeDirectory() -> SystemCheckFinding {
        var created = false
        switch fileSystem.isDirectory(at: directory) {
        case true?:
            break
        case false?:
            return .failed("the documents path is not a directory")
        case nil:
            guard createsMissingDirectory else { return .failed("the documents directory does not exist") }
            do {
                try fileSystem.createDirectory(at: directory)
                created = true
            } catch {
                return .failed("the documents directory does not exist and cannot be created: \(Self.reason(error))")
            }
        }
        let finding = probe()
        guard finding.outcome == .passed, created else { return finding }
        return .passed("created the documents directory; read and write work")
    }

    private func probe() -> SystemCheckFinding {
        let testDirectory = directory.appendingPathComponent(Self.probePrefix + UUID().uuidString, isDirectory: true)
        do {
            try fileSystem.createDirectory(at: testDirectory)
        } catch {
            return .failed("cannot create a test directory: \(Self.reason(error))")
        }
        let finding = writeAndReadBack(in: testDirectory)
        do {
            try fileSystem.removeItem(at: testDirectory)
        } catch {
            return .failed("cannot remove the test directory: \(Self.reason(error))")
        }
        return finding
    }

    private func writeAndReadBack(in testDirectory: URL) -> SystemCheckFinding {
        let file = testDirectory.appendingPathComponent("probe.txt", isDirectory: false)
        let written = Data("Permit documents probe \(UUID().uuidString)\n".utf8)
        do {
            try fileSystem.write(written, to: file)
        } catch {
            return .failed("cannot write a test file: \(Self.reason(error))")
        }
        let read: Data
        do {
            read = try fileSystem.contents(of: file)
        } catch {
            return .failed("cannot read the test file back: \(Self.reason(error))")
        }
        guard read == written else {
            return .failed("the test file read back differs from what was written (\(read.count) of \(written.count) bytes)")
        }
        return .passed("read and write work")
    }

    /// The system's words for a failure, without the path: the POSIX error's text when there is one, such as
    /// "Permission denied", else the error's domain and code. Never the error's localized description, which
    /// names the file.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
            let underlying = underlying as NSError
            if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        }
        return "\(nsError.domain) error \(nsError.code)"
    }
}
