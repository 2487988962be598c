import Permit

/// What each permission kind needs in an app's build files: Info.plist purpose keys, Android permissions,
/// Permit adapter modules and privacy-manifest reasons.
///
/// PermitLint's one table, kept as data: the rules and the generator read it and hold no kind-specific
/// branches. The PermitLint catalog's rules article prints it for people.
enum PlatformTable {
    // MARK: - Rows

    /// One kind's needs.
    struct Row: Sendable {
        let kind: PermissionKind
        /// The Info.plist keys that belong to the kind; the first is the kind's own.
        let purposeKeys: [PurposeKey]
        /// The Android permissions the kind needs, fully qualified.
        let androidRequired: [String]
        /// Android permissions that belong to the kind without being needed: legacy or finer-grained ones.
        let androidAccepted: [String]
    }

    /// An Info.plist purpose key and when a kind needs it.
    struct PurposeKey: Sendable {
        enum Need: Sendable {
            /// Needed on every supported iOS version.
            case always
            /// Needed only when the app also runs on iOS versions before this one.
            case before(DeploymentTarget)
            /// A legacy key of the kind, read only by iOS versions Permit does not support: allowed, not needed.
            case accepted
            /// A key iOS never reads (the kind has no purpose string); present, it is reported.
            case neverRead
        }

        let name: String
        let need: Need

        /// Whether an app whose oldest iOS is `target` needs the key.
        func isNeeded(for target: DeploymentTarget) -> Bool {
            switch need {
            case .always: true
            case .before(let version): target < version
            case .accepted, .neverRead: false
            }
        }

        /// Whether the key's presence is justified by declaring its kind.
        var isRead: Bool {
            if case .neverRead = need { return false }
            return true
        }
    }

    private static let iOS17 = DeploymentTarget(major: 17)

    private static func key(_ name: String, _ need: PurposeKey.Need = .always) -> PurposeKey {
        PurposeKey(name: name, need: need)
    }

    private static func android(_ names: String...) -> [String] {
        names.map { $0.contains(".") ? $0 : "android.permission." + $0 }
    }

    /// One row per kind PermitLint knows.
    ///
    /// Location: iOS 11 and later read `NSLocationAlwaysAndWhenInUseUsageDescription` and need the when-in-use
    /// key as well for "always"; `NSLocationAlwaysUsageDescription` is read only before iOS 11. Android 12 and
    /// later need the coarse permission beside the fine one. Photos need no Android permission: Google Play's
    /// photo and video policy points apps to the system photo picker, with `READ_EXTERNAL_STORAGE` limited by
    /// `maxSdkVersion="32"` for older versions, so every media permission is accepted and none is needed.
    /// Bluetooth needs `BLUETOOTH_CONNECT` (talking to paired devices); `BLUETOOTH_SCAN` (discovering new ones)
    /// is a different need, accepted and not demanded. Bluetooth on iOS: `NSBluetoothPeripheralUsageDescription`
    /// is read only before iOS 13. Calendars and reminders: see ``DeploymentTarget``. Keys that hold no text
    /// (`NSLocationTemporaryUsageDescriptionDictionary`, a dictionary of texts; `NSBonjourServices`, the service
    /// types a local-network app browses) are accepted: declaring their kind justifies them, and nothing needs
    /// them. HealthKit's read and write keys are both needed: its one request API references both.
    static let rows: [Row] = [
        Row(
            kind: .location,
            purposeKeys: [
                key("NSLocationWhenInUseUsageDescription"), key("NSLocationTemporaryUsageDescriptionDictionary", .accepted),
            ],
            androidRequired: android("ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION"), androidAccepted: []),
        Row(
            kind: .locationAlways,
            purposeKeys: [
                key("NSLocationAlwaysAndWhenInUseUsageDescription"), key("NSLocationWhenInUseUsageDescription"),
                key("NSLocationAlwaysUsageDescription", .accepted),
            ],
            androidRequired: android("ACCESS_BACKGROUND_LOCATION", "ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION"),
            androidAccepted: []),
        Row(
            kind: .camera, purposeKeys: [key("NSCameraUsageDescription")],
            androidRequired: android("CAMERA"), androidAccepted: []),
        Row(
            kind: .microphone, purposeKeys: [key("NSMicrophoneUsageDescription")],
            androidRequired: android("RECORD_AUDIO"), androidAccepted: []),
        Row(
            kind: .notifications, purposeKeys: [key("NSUserNotificationUsageDescription", .neverRead)],
            androidRequired: android("POST_NOTIFICATIONS"), androidAccepted: []),
        Row(
            kind: .photos, purposeKeys: [key("NSPhotoLibraryUsageDescription")],
            androidRequired: [],
            androidAccepted: android(
                "READ_EXTERNAL_STORAGE", "READ_MEDIA_IMAGES", "READ_MEDIA_VIDEO", "READ_MEDIA_VISUAL_USER_SELECTED")),
        Row(
            kind: .photosAddOnly, purposeKeys: [key("NSPhotoLibraryAddUsageDescription")],
            androidRequired: [], androidAccepted: android("WRITE_EXTERNAL_STORAGE")),
        Row(
            kind: .contacts, purposeKeys: [key("NSContactsUsageDescription")],
            androidRequired: android("READ_CONTACTS"), androidAccepted: android("WRITE_CONTACTS")),
        Row(
            kind: .calendar,
            purposeKeys: [key("NSCalendarsFullAccessUsageDescription"), key("NSCalendarsUsageDescription", .before(iOS17))],
            androidRequired: android("READ_CALENDAR", "WRITE_CALENDAR"), androidAccepted: []),
        Row(
            kind: .calendarWriteOnly,
            purposeKeys: [
                key("NSCalendarsWriteOnlyAccessUsageDescription"), key("NSCalendarsUsageDescription", .before(iOS17)),
            ],
            androidRequired: android("WRITE_CALENDAR"), androidAccepted: []),
        Row(
            kind: .reminders,
            purposeKeys: [key("NSRemindersFullAccessUsageDescription"), key("NSRemindersUsageDescription", .before(iOS17))],
            androidRequired: [], androidAccepted: []),
        Row(
            kind: .bluetooth,
            purposeKeys: [key("NSBluetoothAlwaysUsageDescription"), key("NSBluetoothPeripheralUsageDescription", .accepted)],
            androidRequired: android("BLUETOOTH_CONNECT"),
            androidAccepted: android("BLUETOOTH_SCAN", "BLUETOOTH_ADVERTISE", "BLUETOOTH", "BLUETOOTH_ADMIN")),
        Row(
            kind: .motion, purposeKeys: [key("NSMotionUsageDescription")],
            androidRequired: android("ACTIVITY_RECOGNITION"), androidAccepted: []),
        Row(
            kind: .speechRecognition, purposeKeys: [key("NSSpeechRecognitionUsageDescription")],
            androidRequired: android("RECORD_AUDIO"), androidAccepted: []),
        Row(
            kind: .tracking, purposeKeys: [key("NSUserTrackingUsageDescription")],
            androidRequired: android("com.google.android.gms.permission.AD_ID"), androidAccepted: []),
        Row(
            kind: .mediaLibrary, purposeKeys: [key("NSAppleMusicUsageDescription")],
            androidRequired: android("READ_MEDIA_AUDIO"), androidAccepted: []),
        Row(
            kind: .localNetwork,
            purposeKeys: [key("NSLocalNetworkUsageDescription"), key("NSBonjourServices", .accepted)],
            androidRequired: [], androidAccepted: android("NEARBY_WIFI_DEVICES", "ACCESS_WIFI_STATE")),
        Row(
            kind: .faceID, purposeKeys: [key("NSFaceIDUsageDescription")],
            androidRequired: android("USE_BIOMETRIC"), androidAccepted: android("USE_FINGERPRINT")),
        Row(
            kind: .healthKit,
            purposeKeys: [key("NSHealthShareUsageDescription"), key("NSHealthUpdateUsageDescription")],
            androidRequired: [], androidAccepted: []),
        Row(kind: .homeKit, purposeKeys: [key("NSHomeKitUsageDescription")], androidRequired: [], androidAccepted: []),
        Row(
            kind: .focusStatus, purposeKeys: [key("NSFocusStatusUsageDescription")], androidRequired: [],
            androidAccepted: android("ACCESS_NOTIFICATION_POLICY")),
        Row(
            kind: .nfcReading, purposeKeys: [key("NFCReaderUsageDescription")], androidRequired: android("NFC"),
            androidAccepted: []),
        Row(kind: .siri, purposeKeys: [key("NSSiriUsageDescription")], androidRequired: [], androidAccepted: []),
        Row(
            kind: .nearbyInteraction, purposeKeys: [key("NSNearbyInteractionUsageDescription")],
            androidRequired: android("UWB_RANGING"), androidAccepted: []),
    ]

    /// Network access is required and implicit: declared by no one, needed by every app.
    static let implicitAndroidRequired = android("INTERNET")
    /// Observing the network's availability reads its state; allowed, not needed.
    static let implicitAndroidAccepted = android("ACCESS_NETWORK_STATE")

    /// The kinds PermitLint knows beyond ``PermissionKind/builtIn``, accepted in a manifest it reads.
    static let additionalKinds: [PermissionKind] = rows.map(\.kind).filter { !PermissionKind.builtIn.contains($0) }

    private static let rowsByKind = Dictionary(uniqueKeysWithValues: rows.map { ($0.kind, $0) })

    /// The row of `kind`, or `nil` for a kind PermitLint does not know (an app's own).
    static func row(for kind: PermissionKind) -> Row? { rowsByKind[kind] }

    /// Every Info.plist key in the table, with the kinds it belongs to.
    static let kindsByPurposeKey: [String: [PermissionKind]] = rows.reduce(into: [:]) { table, row in
        for key in row.purposeKeys { table[key.name, default: []].append(row.kind) }
    }

    /// Every Android permission in the table, with the kinds it belongs to; the implicit ones belong to none.
    static let kindsByAndroidPermission: [String: [PermissionKind]] = rows.reduce(into: [:]) { table, row in
        for permission in row.androidRequired + row.androidAccepted {
            table[permission, default: []].append(row.kind)
        }
    }

    // MARK: - Modules

    /// One of Permit's Apple adapter modules, the kinds whose permission APIs it references, and whether it ships.
    struct Module: Sendable {
        let name: String
        /// Every kind whose API the module's binary references: App Store Connect checks each one's purpose key
        /// (ITMS-90683), whichever the app asks for.
        let kinds: [PermissionKind]
        /// Whether the module is in the package. One that is only planned cannot be imported, so no finding tells
        /// an app to import it.
        let exists: Bool
    }

    /// Permit's Apple adapter modules; an app links only the ones it imports. All of them ship (issue 8). Each
    /// references only the APIs of its kinds (issue 20): when-in-use location apart from always, the camera
    /// apart from the microphone.
    static let modules: [Module] = [
        Module(name: "PermitLocation", kinds: [.location], exists: true),
        Module(name: "PermitLocationAlways", kinds: [.locationAlways, .location], exists: true),
        Module(name: "PermitCamera", kinds: [.camera], exists: true),
        Module(name: "PermitMicrophone", kinds: [.microphone], exists: true),
        Module(name: "PermitNotifications", kinds: [.notifications], exists: true),
        Module(name: "PermitContacts", kinds: [.contacts], exists: true),
        Module(name: "PermitPhotos", kinds: [.photos], exists: true),
        Module(name: "PermitPhotosAddOnly", kinds: [.photosAddOnly], exists: true),
        Module(name: "PermitCalendar", kinds: [.calendar], exists: true),
        Module(name: "PermitCalendarWriteOnly", kinds: [.calendarWriteOnly], exists: true),
        Module(name: "PermitReminders", kinds: [.reminders], exists: true),
        Module(name: "PermitFocusStatus", kinds: [.focusStatus], exists: true),
        Module(name: "PermitFaceID", kinds: [.faceID], exists: true),
        Module(name: "PermitBluetooth", kinds: [.bluetooth], exists: true),
        Module(name: "PermitMotion", kinds: [.motion], exists: true),
        Module(name: "PermitSpeech", kinds: [.speechRecognition], exists: true),
        Module(name: "PermitTracking", kinds: [.tracking], exists: true),
        Module(name: "PermitMediaLibrary", kinds: [.mediaLibrary], exists: true),
        Module(name: "PermitLocalNetwork", kinds: [.localNetwork], exists: true),
        Module(name: "PermitHealth", kinds: [.healthKit], exists: true),
        Module(name: "PermitHome", kinds: [.homeKit], exists: true),
        Module(name: "PermitNFC", kinds: [.nfcReading], exists: true),
        Module(name: "PermitSiri", kinds: [.siri], exists: true),
        Module(name: "PermitNearbyInteraction", kinds: [.nearbyInteraction], exists: true),
        Module(name: "PermitPhotosPicker", kinds: [.photos], exists: true),
        Module(name: "PermitContactsPicker", kinds: [.contacts], exists: true),
        Module(name: "PermitWebKit", kinds: [], exists: true),
        Module(name: "PermitKeychain", kinds: [], exists: true),
        Module(name: "PermitUIKit", kinds: [], exists: true),
        Module(name: "PermitCloud", kinds: [], exists: true),
        Module(name: "PermitSwiftUI", kinds: [], exists: true),
        Module(name: "PermitNetwork", kinds: [], exists: true),
    ]

    // MARK: - Privacy manifest

    /// The required-reason category of `UserDefaults`.
    static let userDefaultsCategory = "NSPrivacyAccessedAPICategoryUserDefaults"
    /// The reasons Apple accepts for `UserDefaults`: the app's own data, an app group, a third-party SDK's
    /// wrapper, managed app configuration.
    static let userDefaultsReasons = ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
    /// The reason `permit generate` writes: data the app itself reads and writes (Permit's store).
    static let userDefaultsDefaultReason = "CA92.1"
    /// Identifiers whose use in the app's sources means the app reads or writes `UserDefaults`
    /// (`includingAlways`: `PermitLocationAlways` remembers there that always authorization was asked for).
    static let userDefaultsIdentifiers = [
        "UserDefaultsPermissionStore", "UserDefaults", "NSUserDefaults", "AppStorage", "includingAlways",
    ]
}

extension PlatformTable {
    /// The keys iOS never reads, such as `NSUserNotificationUsageDescription`.
    static let neverReadKeys: Set<String> = Set(
        rows.flatMap { row in row.purposeKeys.filter { !$0.isRead }.map(\.name) })
}
