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
        /// The kind whose capability this one is a part of (`location` for `locationAlways`, `photos` for
        /// `photosAddOnly`), or the kind itself: one purpose sentence may serve every key of a capability.
        let capability: PermissionKind
        /// The Info.plist keys that belong to the kind; the first is the kind's own.
        let purposeKeys: [PurposeKey]
        /// The entitlement the kind's framework needs on a device, or `nil` for none.
        let entitlement: Entitlement?
        /// The Android permissions the kind needs, fully qualified.
        let androidRequired: [String]
        /// Android permissions that belong to the kind without being needed: legacy or finer-grained ones.
        let androidAccepted: [String]
    }

    /// An entitlement a kind's framework needs: the app's code signature must carry it.
    struct Entitlement: Sendable {
        /// The entitlement's key in the app's `.entitlements` file, such as `com.apple.developer.siri`.
        let key: String
        /// The Xcode capability that adds it, such as "Siri".
        let capability: String
        /// What iOS does without it when that is worse than a refused request, or `nil`.
        let without: String?
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
    /// types a local-network app browses) are accepted: declaring their kind justifies them, and no purpose-key
    /// rule needs them (`bonjour-service-missing` checks what `NSBonjourServices` lists). HealthKit's read and write keys are both needed: its one request API references both.
    ///
    /// The rows are generated from kinds.json (PlatformTable+Kinds.swift).
    static let rows: [Row] = generatedRows

    /// The Info.plist key that lists the Bonjour service types the app may browse for and advertise.
    static let bonjourServicesKey = "NSBonjourServices"
    /// The Bonjour service type `LocalNetworkAuthority` probes with unless the app passes another:
    /// `LocalNetworkAuthority.defaultServiceType`, which a test compares with this one.
    static let localNetworkProbeServiceType = "_permit-probe._tcp"

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

    /// The capability `kind` is a part of: its row's, or the kind itself for a kind PermitLint does not know.
    static func capability(of kind: PermissionKind) -> PermissionKind { rowsByKind[kind]?.capability ?? kind }

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
    ///
    /// The modules are generated from kinds.json (PlatformTable+Kinds.swift), in the order Package.swift lists them.
    static let modules: [Module] = generatedModules

    /// The adapter module among `modules` that asks for `kind`, or `nil` for a kind no adapter serves.
    static func module(for kind: PermissionKind, in modules: [Module] = modules) -> Module? {
        modules.first { $0.kinds.contains(kind) }
    }

    // MARK: - Privacy manifest

    /// The required-reason category of `UserDefaults`.
    static let userDefaultsCategory = "NSPrivacyAccessedAPICategoryUserDefaults"
    /// The reasons Apple accepts for `UserDefaults`: the app's own data, an app group, a third-party SDK's
    /// wrapper, managed app configuration.
    static let userDefaultsReasons = ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
    /// The reason `permit generate` writes: data the app itself reads and writes (Permit's store).
    static let userDefaultsDefaultReason = "CA92.1"
    /// Identifiers whose use in the app's sources means the app's own code reads or writes `UserDefaults`.
    ///
    /// Permit's own use is not among them: `UserDefaultsPermissionStore` (in `Permit`) and the memory of an
    /// always-authorization request (`LocationAuthority.includingAlways()`, in `PermitLocation`) read and write
    /// `UserDefaults` in Permit's code, which the privacy manifests those modules ship declare (`CA92.1`). An
    /// SDK's manifest covers the SDK's own use of a required-reason API; the app's covers the app's code.
    static let userDefaultsIdentifiers = ["UserDefaults", "NSUserDefaults", "AppStorage"]
}

extension PlatformTable {
    // MARK: - Entitlement claims

    /// A Permit argument by which the app's code says it holds an entitlement, because the adapter would
    /// otherwise touch an API that raises without it.
    struct EntitlementClaim: Sendable {
        /// The argument's label, such as `holdsSiriEntitlement`.
        let argument: String
        /// Whether the argument is a Boolean (the claim is its value) rather than a value whose presence claims.
        let isBoolean: Bool
        /// The entitlement claimed: its key, the Xcode capability that adds it, and what iOS does without it.
        let entitlement: Entitlement
        /// The value the entitlement must list (`CloudKit` among the iCloud services), or `nil` when holding it
        /// is enough.
        let listing: String?
    }

    /// The arguments by which an app claims an entitlement: `SiriAuthority(holdsSiriEntitlement:)` (PermitSiri,
    /// the `siri` row's entitlement) and `ICloudAccountProvider(cloudKitContainerIdentifier:)` (PermitCloud, whose
    /// iCloud check is no kind of the table).
    static let entitlementClaims = [
        EntitlementClaim(
            argument: "holdsSiriEntitlement", isBoolean: true, entitlement: row(for: .siri)!.entitlement!, listing: nil),
        EntitlementClaim(
            argument: "cloudKitContainerIdentifier", isBoolean: false,
            entitlement: Entitlement(
                key: "com.apple.developer.icloud-services", capability: "iCloud (CloudKit)",
                without: "CKContainer raises and iOS terminates the app"),
            listing: "CloudKit"),
    ]

    /// The keys iOS never reads, such as `NSUserNotificationUsageDescription`.
    static let neverReadKeys: Set<String> = Set(
        rows.flatMap { row in row.purposeKeys.filter { !$0.isRead }.map(\.name) })
}
