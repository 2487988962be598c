import Foundation
package import Logging
package import Permit
import PermitSupport

/// Whether the app's Info.plist holds the purpose strings a kind's framework needs, checked before the adapter
/// touches the framework: the one decision every privacy adapter shares.
///
/// iOS terminates an app that asks for a privacy-protected resource without its purpose string: "If your app
/// doesn't include the usage description key ... it crashes" (Apple, "Requesting authorization to capture and
/// save media"; "Protected resources" says the same of every key). A missing key is a build mistake, not a state
/// the person can change, so the kind reads ``PermissionStatus/unavailable``, is never asked, and the adapter
/// logs an error naming the key, once per authority.
///
/// A kind whose framework also raises without an entitlement (Siri's `INPreferences` without
/// `com.apple.developer.siri`) names it, and the app declares whether it holds it (an adapter's init parameter):
/// an entitlement not declared reads `unavailable` the same way, logged naming the entitlement, and the
/// framework is never touched. An app cannot read its own entitlements at run time, so the declaration is the
/// app's word.
///
/// The keys are ``requiredKeys(for:beforeIOS17:)``: the keys `kinds.json` marks `always` (and, before iOS 17, the
/// EventKit keys it marks `before iOS 17`); a test keeps the two in step. HealthKit's depend on the app's types:
/// ``healthKeys(reads:writes:)``.
///
/// For example, in an adapter:
///
/// ```swift
/// let purposeKeys = PurposeKeyCheck(kind: .contacts, logger: logger)
/// if purposeKeys.isMissing { return .unavailable }   // logged once, naming NSContactsUsageDescription
/// ```
package final class PurposeKeyCheck: Sendable {
    /// The keys checked, in order.
    package let keys: [String]
    /// The entitlement the app must hold and has not declared, or `nil`.
    package let undeclaredEntitlement: String?
    private let kind: PermissionKind
    private let logger: Logger
    private let present: @Sendable (String) -> Bool
    /// The first missing key, once read: `.some(nil)` when every key is there.
    private let checked = Locked<String??>(nil)
    /// Whether the undeclared entitlement was logged.
    private let entitlementLogged = Locked(false)

    /// A check of `keys` for `kind`, reading Info.plist through `present` (the app's main bundle by default), and
    /// of `entitlement`, if any, which the app says it holds (`entitlementDeclared`).
    package init(
        kind: PermissionKind, keys: [String], entitlement: String? = nil, entitlementDeclared: Bool = true,
        logger: Logger, present: @escaping @Sendable (String) -> Bool = PurposeKeyCheck.mainBundleHas
    ) {
        self.kind = kind
        self.keys = keys
        undeclaredEntitlement = entitlementDeclared ? nil : entitlement
        self.logger = logger
        self.present = present
    }

    /// A check of the keys ``requiredKeys(for:beforeIOS17:)`` names for `kind`.
    package convenience init(
        kind: PermissionKind, beforeIOS17: Bool = false, entitlement: String? = nil, entitlementDeclared: Bool = true,
        logger: Logger, present: @escaping @Sendable (String) -> Bool = PurposeKeyCheck.mainBundleHas
    ) {
        self.init(
            kind: kind, keys: Self.requiredKeys(for: kind, beforeIOS17: beforeIOS17), entitlement: entitlement,
            entitlementDeclared: entitlementDeclared, logger: logger, present: present)
    }

    /// The first key Info.plist lacks, or `nil`; read once, and logged as an error the first time it is missing.
    package var missingKey: String? {
        let (key, isFirstRead) = checked.withLock { checked -> (String?, Bool) in
            if let known = checked { return (known, false) }
            let missing = keys.first { !present($0) }
            checked = .some(missing)
            return (missing, true)
        }
        if isFirstRead, let key {
            logger.error(
                "permission unavailable: Info.plist has no purpose string for it; add the key",
                metadata: ["kind": "\(kind)", "key": "\(key)"])
        }
        return key
    }

    /// Whether a key or the entitlement is missing: the kind then reads `unavailable` and is never asked. An
    /// undeclared entitlement is logged as an error the first time.
    package var isMissing: Bool {
        if let undeclaredEntitlement {
            let isFirst = entitlementLogged.withLock { logged in
                defer { logged = true }
                return !logged
            }
            if isFirst {
                logger.error(
                    "permission unavailable: the app did not declare the entitlement it needs; add it and declare it",
                    metadata: ["kind": "\(kind)", "entitlement": "\(undeclaredEntitlement)"])
            }
            return true
        }
        return missingKey != nil
    }

    /// Whether the main bundle's Info.plist has `key`: a non-empty string, or any other value (a dictionary of
    /// texts, a list of Bonjour services).
    package static let mainBundleHas: @Sendable (String) -> Bool = { key in
        guard let value = Bundle.main.object(forInfoDictionaryKey: key) else { return false }
        return (value as? String).map { !$0.isEmpty } ?? true
    }

    // MARK: - The keys

    /// The Info.plist keys iOS needs before `kind`'s framework is asked, on the running system (`beforeIOS17`
    /// for iOS 16, where EventKit reads its legacy keys).
    package static func requiredKeys(for kind: PermissionKind, beforeIOS17: Bool = false) -> [String] {
        switch kind {
        case .location: ["NSLocationWhenInUseUsageDescription"]
        case .locationAlways: ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription"]
        case .camera: ["NSCameraUsageDescription"]
        case .microphone: ["NSMicrophoneUsageDescription"]
        case .photos: ["NSPhotoLibraryUsageDescription"]
        case .photosAddOnly: ["NSPhotoLibraryAddUsageDescription"]
        case .contacts: ["NSContactsUsageDescription"]
        case .calendar:
            beforeIOS17 ? ["NSCalendarsUsageDescription"] : ["NSCalendarsFullAccessUsageDescription"]
        case .calendarWriteOnly:
            beforeIOS17 ? ["NSCalendarsUsageDescription"] : ["NSCalendarsWriteOnlyAccessUsageDescription"]
        case .reminders:
            beforeIOS17 ? ["NSRemindersUsageDescription"] : ["NSRemindersFullAccessUsageDescription"]
        case .bluetooth: ["NSBluetoothAlwaysUsageDescription"]
        case .motion: ["NSMotionUsageDescription"]
        case .speechRecognition: ["NSSpeechRecognitionUsageDescription"]
        case .tracking: ["NSUserTrackingUsageDescription"]
        case .mediaLibrary: ["NSAppleMusicUsageDescription"]
        case .localNetwork: ["NSLocalNetworkUsageDescription"]
        case .faceID: ["NSFaceIDUsageDescription"]
        case .healthKit: healthKeys(reads: true, writes: true)
        case .homeKit: ["NSHomeKitUsageDescription"]
        case .focusStatus: ["NSFocusStatusUsageDescription"]
        case .nfcReading: ["NFCReaderUsageDescription"]
        case .siri: ["NSSiriUsageDescription"]
        case .nearbyInteraction: ["NSNearbyInteractionUsageDescription"]
        default: []
        }
    }

    /// HealthKit's keys for an app that `reads` some types and `writes` some: `NSHealthShareUsageDescription` for
    /// reading, `NSHealthUpdateUsageDescription` for writing (Apple, "Setting up HealthKit": HealthKit throws
    /// when the key for a requested access is missing).
    package static func healthKeys(reads: Bool, writes: Bool) -> [String] {
        (reads ? ["NSHealthShareUsageDescription"] : []) + (writes ? ["NSHealthUpdateUsageDescription"] : [])
    }
}
