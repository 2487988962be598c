/// Why a permission manifest was rejected, naming the entry at fault.
///
/// Compare against the static members to tell errors apart; new members may be added later without breaking
/// callers. ``entry`` and ``kindName`` say which declaration was at fault, when one was.
///
/// For example:
///
/// ```swift
/// do {
///     manifest = try PermissionManifest(json: data)
/// } catch let error as ManifestError where error == .duplicateKind {
///     print("entry \(error.entry ?? -1) declares \(error.kindName ?? "?") again")
/// }
/// ```
public struct ManifestError: CodedError {
    private enum Code: String, Sendable {
        case malformed
        case unsupportedVersion
        case unknownKind
        case duplicateKind
        case missingPurpose
        case invalidNecessity
    }

    private let member: Code
    /// The zero-based index of the entry at fault in `permissions`, or `nil` when the fault is not in one entry.
    public let entry: Int?
    /// The kind the entry at fault names, as written, or `nil` when it names none.
    public let kindName: String?
    /// Human-readable detail. Not part of equality.
    public let detail: String

    private init(_ member: Code, entry: Int? = nil, kindName: String? = nil, detail: String = "") {
        self.member = member
        self.entry = entry
        self.kindName = kindName
        self.detail = detail
    }

    /// The file is not JSON of the manifest's shape: a field has the wrong type, or a required one is absent.
    public static let malformed = ManifestError(.malformed)
    /// The manifest's `version` is not one this version of Permit reads.
    public static let unsupportedVersion = ManifestError(.unsupportedVersion)
    /// An entry names a kind that is not a valid identifier or not among the known kinds; `network` is
    /// rejected too, because network access is required and implicit.
    public static let unknownKind = ManifestError(.unknownKind)
    /// An entry declares a kind that an earlier entry already declared.
    public static let duplicateKind = ManifestError(.duplicateKind)
    /// An entry has no purpose text, or an empty one.
    public static let missingPurpose = ManifestError(.missingPurpose)
    /// An entry's `necessity` is neither `required` nor `optional`.
    public static let invalidNecessity = ManifestError(.invalidNecessity)

    /// The same error about entry `entry`, which names `kindName`, with `detail`.
    func at(_ entry: Int?, kind kindName: String?, _ detail: String) -> ManifestError {
        ManifestError(member, entry: entry, kindName: kindName, detail: detail)
    }

    /// The same error, about the same entry, with `detail` attached.
    public func withDetail(_ detail: String) -> ManifestError { at(entry, kind: kindName, detail) }

    /// The member's name, such as `duplicateKind`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the entry or the detail.
    public var summary: String {
        switch member {
        case .malformed: "the manifest is not valid JSON of the manifest's shape"
        case .unsupportedVersion: "the manifest's version is not supported"
        case .unknownKind: "the kind is not known"
        case .duplicateKind: "the kind is declared twice"
        case .missingPurpose: "the purpose text is missing or empty"
        case .invalidNecessity: "the necessity must be \"required\" or \"optional\""
        }
    }

    /// A sentence naming the error, the entry and the detail, such as
    /// `permission manifest: entry 2 (kind "camera"): the kind is declared twice: first declared by entry 0`.
    public var description: String {
        var place = ""
        if let entry {
            place = "entry \(entry)" + (kindName.map { " (kind \"\($0)\")" } ?? "") + ": "
        }
        return "permission manifest: \(place)\(summary)" + (detail.isEmpty ? "" : ": \(detail)")
    }
}
