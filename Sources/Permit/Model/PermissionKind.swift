/// A kind of OS permission an app can track, such as location, camera or notifications.
///
/// `PermissionKind` is an extensible type: the kinds iOS offers today are static members, and an app can
/// declare its own with ``init(_:)`` or ``init(rawValue:)``. The raw value is a short ASCII identifier that
/// names the kind everywhere Permit writes it down: in the store, in history, in the web bridge.
///
/// Each kind also has a cookie name, the key under which its `yes`/`no` value is kept. The three kinds the
/// first shipped version tracked keep their historical names (`p_Location`, `p_Camera`, `p_Notification`), so
/// apps already in users' hands keep reading the same keys.
///
/// For example:
///
/// ```swift
/// let kinds: [PermissionKind] = [.location, .camera, .notifications]
/// let health = PermissionKind("health")      // an app-defined kind
/// print(PermissionKind.camera.cookieName)    // "p_Camera"
/// ```
public struct PermissionKind: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
{
    /// The identifier of the kind, such as `"location"` or `"speechRecognition"`.
    public let rawValue: String

    /// Creates a kind from its identifier, or returns `nil` when the identifier is not valid.
    ///
    /// A valid identifier starts with a lowercase ASCII letter, continues with ASCII letters and digits, and
    /// is at most 64 characters long. These rules keep every name derived from it (cookie names, JSON keys,
    /// JavaScript property names) valid without escaping and distinct: `notification` is reserved, because
    /// its cookie name `p_Notification` belongs to ``notifications``.
    public init?(rawValue: String) {
        guard Self.isValidIdentifier(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a kind from an identifier known to be valid, such as a literal in the app's code.
    ///
    /// - Precondition: `identifier` follows the rules of ``init(rawValue:)``. Use the failable initializer
    ///   for identifiers that come from outside the program.
    public init(_ identifier: String) {
        precondition(Self.isValidIdentifier(identifier), "invalid permission kind identifier: \(identifier)")
        self.rawValue = identifier
    }

    /// The identifier, as the kind appears in logs and transcripts.
    public var description: String { rawValue }

    /// Orders kinds by identifier, so that listings are stable.
    public static func < (lhs: PermissionKind, rhs: PermissionKind) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    // MARK: - Codable

    /// Decodes a kind from its identifier, rejecting identifiers that are not valid.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let kind = PermissionKind(rawValue: identifier) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a valid permission kind identifier")
        }
        self = kind
    }

    /// Encodes the kind as its identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    // MARK: - Validation

    static func isValidIdentifier(_ identifier: String) -> Bool {
        let scalars = identifier.unicodeScalars
        guard let first = scalars.first, scalars.count <= 64, ("a"..."z").contains(first),
            identifier != "notification"
        else { return false }
        return scalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

// MARK: - Built-in kinds

// The static member of each built-in kind and `builtIn` are generated from kinds.json, in
// PermissionKind+BuiltIn.swift.

extension PermissionKind {
    /// The three kinds whose cookies keep their historical names (`p_Location`, `p_Camera`,
    /// `p_Notification`): location, camera and notifications, which apps tracked before Permit.
    public static let legacyCookieKinds: [PermissionKind] = [.location, .camera, .notifications]

    /// The former name of ``legacyCookieKinds``.
    @available(*, deprecated, renamed: "legacyCookieKinds")
    public static var seed: [PermissionKind] { legacyCookieKinds }
}

// MARK: - Names

extension PermissionKind {
    /// The key of the kind's `yes`/`no` cookie, such as `p_Location`.
    ///
    /// The three kinds that apps tracked before Permit keep their historical keys: `p_Location`, `p_Camera` and `p_Notification`
    /// (singular). Every other kind uses `p_` followed by its identifier with the first letter capitalized,
    /// such as `p_Microphone` or `p_SpeechRecognition`.
    public var cookieName: String {
        if self == .notifications { return "p_Notification" }
        return "p_" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// A short English name for people, such as "Location", "Speech Recognition" or "Face ID": each capital
    /// starts a word, and a run of capitals stays one word.
    public var displayName: String {
        var words: [String] = []
        var current = ""
        for character in rawValue {
            if character.isUppercase, !current.isEmpty, current.last?.isUppercase != true {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The kind whose cookie is named `cookieName`, among `kinds`, or `nil` when none is.
    public static func kind(forCookieName cookieName: String, among kinds: [PermissionKind] = builtIn)
        -> PermissionKind?
    {
        kinds.first { $0.cookieName == cookieName }
    }
}
