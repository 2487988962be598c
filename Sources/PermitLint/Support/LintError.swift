public import Permit

/// Why an input file could not be checked or edited, naming the file.
///
/// A lint run never crashes on a bad file: it stops with this error, whose ``description`` is one line,
/// `FILE: summary: detail`. `permit lint` and `permit generate` print it and exit with status 65 (`EX_DATAERR`).
/// Compare against the static members to tell errors apart; new members may be added later.
///
/// For example:
///
/// ```swift
/// do {
///     let plist = try InfoPlist(contentsOf: url)
/// } catch let error as LintError where error == .malformedPropertyList {
///     print(error)     // "Info.plist: not a property list: ... at line 12"
/// }
/// ```
public struct LintError: CodedError {
    private enum Code: String, Sendable {
        case unreadable
        case malformedManifest
        case malformedPropertyList
        case malformedXML
        case unexpectedContent
        case notEditable
        case unwritable
    }

    private let member: Code
    /// The file at fault, as its path was given.
    public let file: String
    /// Human-readable detail on one line, such as the line where parsing stopped. Not part of equality.
    public let detail: String

    private init(_ member: Code, file: String = "", detail: String = "") {
        self.member = member
        self.file = file
        self.detail = detail
    }

    /// The file does not exist, cannot be read, is not a regular file or is larger than ``InputFile/maximumSize``.
    public static let unreadable = LintError(.unreadable)
    /// The permission manifest is not a valid JSON manifest; the detail is the `ManifestError`'s sentence.
    public static let malformedManifest = LintError(.malformedManifest)
    /// The Info.plist or privacy manifest is neither an XML nor a binary property list, or is truncated.
    public static let malformedPropertyList = LintError(.malformedPropertyList)
    /// The Android manifest, or an XML property list being edited, is not well-formed XML.
    public static let malformedXML = LintError(.malformedXML)
    /// The file parses but does not have the expected shape: a property list that is not a dictionary, an
    /// Android manifest whose root is not `<manifest>`, a `<uses-permission>` without a name.
    public static let unexpectedContent = LintError(.unexpectedContent)
    /// The file cannot be edited in place, such as a binary property list.
    public static let notEditable = LintError(.notEditable)
    /// The edited file cannot be written back.
    public static let unwritable = LintError(.unwritable)

    /// The same error about `file`, with `detail` folded onto one line, for tools that read files themselves.
    public func about(_ file: String, _ detail: String) -> LintError {
        let oneLine = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
        return LintError(member, file: file, detail: oneLine)
    }

    /// The same error about the same file, with `detail` folded onto one line.
    public func withDetail(_ detail: String) -> LintError { about(file, detail) }

    /// The member's name, such as `malformedPropertyList`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the file or the detail.
    public var summary: String {
        switch member {
        case .unreadable: "cannot be read"
        case .malformedManifest: "not a valid permission manifest"
        case .malformedPropertyList: "not a property list"
        case .malformedXML: "not well-formed XML"
        case .unexpectedContent: "unexpected content"
        case .notEditable: "cannot be edited in place"
        case .unwritable: "cannot be written"
        }
    }

    /// One line naming the file, the error and the detail.
    public var description: String {
        "\(file): \(summary)" + (detail.isEmpty ? "" : ": \(detail)")
    }
}
