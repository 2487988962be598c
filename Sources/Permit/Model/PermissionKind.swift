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
    /// Location while the app is in use (`NSLocationWhenInUseUsageDescription`). With Precise Location off its
    /// granted status is ``PermissionStatus/approximate``; a temporary full-accuracy request needs
    /// `NSLocationTemporaryUsageDescriptionDictionary`.
    public static let location = PermissionKind("location")
    /// Location at all times, including in the background (`NSLocationAlwaysAndWhenInUseUsageDescription`).
    public static let locationAlways = PermissionKind("locationAlways")
    /// The camera (`NSCameraUsageDescription`).
    public static let camera = PermissionKind("camera")
    /// The microphone (`NSMicrophoneUsageDescription`).
    public static let microphone = PermissionKind("microphone")
    /// User notifications: alerts, sounds and badges; ``PermissionStatus/provisional`` when quiet,
    /// ``PermissionStatus/ephemeral`` in an App Clip.
    public static let notifications = PermissionKind("notifications")
    /// The photo library, read and write (`NSPhotoLibraryUsageDescription`); ``PermissionStatus/limited`` when
    /// the person selected some photos.
    public static let photos = PermissionKind("photos")
    /// Adding to the photo library only (`NSPhotoLibraryAddUsageDescription`).
    public static let photosAddOnly = PermissionKind("photosAddOnly")
    /// Contacts (`NSContactsUsageDescription`); ``PermissionStatus/limited`` when the person shared some
    /// contacts (iOS 18).
    public static let contacts = PermissionKind("contacts")
    /// Full access to calendar events (`NSCalendarsFullAccessUsageDescription`); ``PermissionStatus/writeOnly``
    /// when the app may only add events.
    public static let calendar = PermissionKind("calendar")
    /// Adding calendar events without reading them (iOS 17, `NSCalendarsWriteOnlyAccessUsageDescription`).
    public static let calendarWriteOnly = PermissionKind("calendarWriteOnly")
    /// Full access to reminders (`NSRemindersFullAccessUsageDescription`).
    public static let reminders = PermissionKind("reminders")
    /// Bluetooth (`NSBluetoothAlwaysUsageDescription`). Accessories paired through AccessorySetupKit (iOS 18)
    /// need no Bluetooth authorization: the app sees only those accessories, and the status stays as it is.
    public static let bluetooth = PermissionKind("bluetooth")
    /// Motion and fitness activity (`NSMotionUsageDescription`).
    public static let motion = PermissionKind("motion")
    /// Speech recognition (`NSSpeechRecognitionUsageDescription`).
    public static let speechRecognition = PermissionKind("speechRecognition")
    /// App tracking transparency (`NSUserTrackingUsageDescription`).
    public static let tracking = PermissionKind("tracking")
    /// The media and Apple Music library (`NSAppleMusicUsageDescription`).
    public static let mediaLibrary = PermissionKind("mediaLibrary")
    /// Devices on the local network (iOS 14, `NSLocalNetworkUsageDescription`). iOS has no status API: the
    /// status is inferred from a connection's outcome each time (Apple's TN3179) and never cached by an adapter.
    public static let localNetwork = PermissionKind("localNetwork")
    /// Face ID (`NSFaceIDUsageDescription`); ``PermissionStatus/unavailable`` without enrolled biometry.
    public static let faceID = PermissionKind("faceID")
    /// HealthKit (`NSHealthShareUsageDescription` to read, `NSHealthUpdateUsageDescription` to write). Whether
    /// the person allowed reading is never told to the app: after the prompt the status is
    /// ``PermissionStatus/undisclosed``, never denied.
    public static let healthKit = PermissionKind("healthKit")
    /// HomeKit homes and accessories (`NSHomeKitUsageDescription`).
    public static let homeKit = PermissionKind("homeKit")
    /// Whether the person's Focus silences notifications (iOS 15, `NSFocusStatusUsageDescription`).
    public static let focusStatus = PermissionKind("focusStatus")
    /// Reading NFC tags (`NFCReaderUsageDescription`): no prompt, usable where the hardware reads tags.
    public static let nfcReading = PermissionKind("nfcReading")
    /// Siri and shortcuts (`NSSiriUsageDescription`).
    public static let siri = PermissionKind("siri")
    /// Nearby interaction with ultra wideband (`NSNearbyInteractionUsageDescription`): no status API, the
    /// answer arrives when a session runs.
    public static let nearbyInteraction = PermissionKind("nearbyInteraction")

    /// Every kind Permit knows about, in a stable order: the fifteen of the first releases, then the kinds added
    /// since.
    public static let builtIn: [PermissionKind] = [
        .location, .locationAlways, .camera, .microphone, .notifications, .photos, .photosAddOnly,
        .contacts, .calendar, .reminders, .bluetooth, .motion, .speechRecognition, .tracking, .mediaLibrary,
        .calendarWriteOnly, .localNetwork, .faceID, .healthKit, .homeKit, .focusStatus, .nfcReading, .siri,
        .nearbyInteraction,
    ]

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
