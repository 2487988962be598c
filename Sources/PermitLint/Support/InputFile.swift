public import Foundation

/// Reads and writes the files `permit lint` and `permit generate` are given, turning every failure into a
/// ``LintError`` naming the file.
///
/// Only a regular file (or a symbolic link to one) of at most ``maximumSize`` bytes is read: a directory, a
/// FIFO or a device is refused with a sentence saying so, before anything blocks on it. A file is written where
/// its symbolic links lead, with the permissions it had.
///
/// For example:
///
/// ```swift
/// let data = try InputFile.read(url, file: "App/Info.plist")
/// try InputFile.write(updated, to: url, file: "App/Info.plist")
/// ```
public enum InputFile {
    /// The largest input read, 8 MB: build files are a few kilobytes; anything larger is not one.
    public static let maximumSize = 8 * 1024 * 1024

    /// Reads `url`, or throws ``LintError/unreadable`` naming `file`.
    public static func read(_ url: URL, file: String) throws -> Data {
        let target = url.resolvingSymlinksInPath()
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        } catch {
            throw LintError.unreadable.about(file, Self.reason(error))
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory { throw LintError.unreadable.about(file, "is a directory") }
        guard type == .typeRegular else { throw LintError.unreadable.about(file, "is not a regular file") }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumSize {
            throw LintError.unreadable.about(file, "is \(size) bytes, more than the \(maximumSize) a build file may have")
        }
        do {
            return try Data(contentsOf: target)
        } catch {
            throw LintError.unreadable.about(file, Self.reason(error))
        }
    }

    /// Replaces the contents of the file `url` leads to with `data`, atomically, or throws
    /// ``LintError/unwritable`` naming `file`.
    ///
    /// A symbolic link stays a link: the file it resolves to is replaced. The file keeps its POSIX permissions.
    public static func write(_ data: Data, to url: URL, file: String) throws {
        let target = url.resolvingSymlinksInPath()
        do {
            let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
            try data.write(to: target, options: .atomic)
            if let permissions {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
            }
        } catch {
            throw LintError.unwritable.about(file, Self.reason(error))
        }
    }

    /// The part of an error that says what went wrong: Foundation's debug description when it has one.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String { return debug }
        if nsError.domain == NSCocoaErrorDomain,
            nsError.code == NSFileReadNoSuchFileError || nsError.code == NSFileNoSuchFileError
        {
            return "no such file"
        }
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(posix.code))
        {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        return nsError.localizedDescription
    }
}
