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

extension PermissionKind {
    /// Location while the app is in use (`NSLocationWhenInUseUsageDescription`).
    public static let location = PermissionKind("location")
    /// Location at all times, including in the background (`NSLocationAlwaysAndWhenInUseUsageDescription`).
    public static let locationAlways = PermissionKind("locationAlways")
    /// The camera (`NSCameraUsageDescription`).
    public static let camera = PermissionKind("camera")
    /// The microphone (`NSMicrophoneUsageDescription`).
    public static let microphone = PermissionKind("microphone")
    /// User notifications: alerts, sounds and badges.
    public static let notifications = PermissionKind("notifications")
    /// The photo library, read and write (`NSPhotoLibraryUsageDescription`).
    public static let photos = PermissionKind("photos")
    /// Adding to the photo library only (`NSPhotoLibraryAddUsageDescription`).
    public static let photosAddOnly = PermissionKind("photosAddOnly")
    /// Contacts (`NSContactsUsageDescription`).
    public static let contacts = PermissionKind("contacts")
    /// Calendar events (`NSCalendarsFullAccessUsageDescription`).
    public static let calendar = PermissionKind("calendar")
    /// Reminders (`NSRemindersFullAccessUsageDescription`).
    public static let reminders = PermissionKind("reminders")
    /// Bluetooth (`NSBluetoothAlwaysUsageDescription`).
    public static let bluetooth = PermissionKind("bluetooth")
    /// Motion and fitness activity (`NSMotionUsageDescription`).
    public static let motion = PermissionKind("motion")
    /// Speech recognition (`NSSpeechRecognitionUsageDescription`).
    public static let speechRecognition = PermissionKind("speechRecognition")
    /// App tracking transparency (`NSUserTrackingUsageDescription`).
    public static let tracking = PermissionKind("tracking")
    /// The media and Apple Music library (`NSAppleMusicUsageDescription`).
    public static let mediaLibrary = PermissionKind("mediaLibrary")

    /// Every kind Permit knows about, in a stable order.
    public static let builtIn: [PermissionKind] = [
        .location, .locationAlways, .camera, .microphone, .notifications, .photos, .photosAddOnly,
        .contacts, .calendar, .reminders, .bluetooth, .motion, .speechRecognition, .tracking, .mediaLibrary,
    ]

    /// The three kinds the first shipped version tracked: location, camera and notifications.
    public static let seed: [PermissionKind] = [.location, .camera, .notifications]
}

// MARK: - Names

extension PermissionKind {
    /// The key of the kind's `yes`/`no` cookie, such as `p_Location`.
    ///
    /// The seed's three kinds keep their historical keys: `p_Location`, `p_Camera` and `p_Notification`
    /// (singular). Every other kind uses `p_` followed by its identifier with the first letter capitalized,
    /// such as `p_Microphone` or `p_SpeechRecognition`.
    public var cookieName: String {
        if self == .notifications { return "p_Notification" }
        return "p_" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// A short English name for people, such as "Location" or "Speech Recognition".
    public var displayName: String {
        var words: [String] = []
        var current = ""
        for character in rawValue {
            if character.isUppercase, !current.isEmpty {
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
