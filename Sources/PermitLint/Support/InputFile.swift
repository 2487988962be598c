import Foundation

/// Reads the files a lint run is given, turning every failure into a ``LintError`` naming the file.
enum InputFile {
    /// Reads `url`, or throws ``LintError/unreadable`` naming `file`.
    static func read(_ url: URL, file: String) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LintError.unreadable.about(file, Self.reason(error))
        }
    }

    /// The part of an error that says what went wrong: Foundation's debug description when it has one.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String { return debug }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
    }
}
