import Foundation
import Testing

@testable import PermitLint

/// Reading refuses what is not a build file; writing keeps links and permissions.
///
/// A class, so that each test's folder (with an 8 MB file in one of them) is removed when the test ends: as a
/// struct the suite left seven folders in the temporary directory at every run.
@Suite final class InputFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("InputFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func aDirectoryIsRefusedSayingSo() {
        let error = lintError { _ = try InputFile.read(directory, file: "App") }
        #expect(error == .unreadable)
        #expect(error?.description == "App: cannot be read: is a directory")
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let error = lintError { _ = try InputFile.read(fifo, file: "fifo") }
        #expect(error?.description == "fifo: cannot be read: is not a regular file")
    }

    @Test func aFileLargerThanTheLimitIsRefused() throws {
        let url = directory.appendingPathComponent("big.xml")
        try Data(count: InputFile.maximumSize + 1).write(to: url)
        let error = lintError { _ = try InputFile.read(url, file: "big.xml") }
        #expect(error == .unreadable)
        #expect(error?.description.contains("more than the \(InputFile.maximumSize)") == true)
    }

    @Test func aMissingFileSaysSo() {
        let error = lintError { _ = try InputFile.read(directory.appendingPathComponent("none"), file: "none") }
        #expect(error?.description == "none: cannot be read: no such file")
    }

    @Test func writingThroughASymlinkReplacesItsTarget() throws {
        let target = directory.appendingPathComponent("Info.plist")
        let link = directory.appendingPathComponent("Link.plist")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try InputFile.write(Data("new".utf8), to: link, file: "Link.plist")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try Data(contentsOf: target) == Data("new".utf8))
    }

    @Test func writingKeepsThePermissions() throws {
        let url = directory.appendingPathComponent("AndroidManifest.xml")
        try Data("old".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        try InputFile.write(Data("new".utf8), to: url, file: "AndroidManifest.xml")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o640)
        #expect(try Data(contentsOf: url) == Data("new".utf8))
    }

    @Test func aFailedWriteSaysCannotBeWritten() throws {
        let url = directory.appendingPathComponent("missing-folder/Info.plist")
        let error = lintError { try InputFile.write(Data("x".utf8), to: url, file: "Info.plist") }
        #expect(error == .unwritable)
        #expect(error?.description.hasPrefix("Info.plist: cannot be written: ") == true)
        #expect(error?.description.contains("cannot be read") == false)
    }
}
