package import Permit

/// What LocalAuthentication's answers mean for ``PermissionKind/faceID``; the Face ID adapter (`PermitFaceID`) reads
/// the facts and calls ``status(canEvaluate:errorCode:isFaceID:)``.
///
/// iOS asks for Face ID the first time an app evaluates a biometric policy and has no "not determined" state
/// before that: `canEvaluatePolicy` succeeds until the person declines (Apple, "LAContext" and
/// "NSFaceIDUsageDescription"). So:
///
/// | LocalAuthentication | Permit |
/// | --- | --- |
/// | the policy can be evaluated, on a Face ID device | `granted`, also before the first prompt |
/// | the policy can be evaluated, on a Touch ID device | `unavailable` (not Face ID) |
/// | `biometryNotAvailable` (-6) on a Face ID device: the app was declined | `denied` |
/// | `biometryLockout` (-8) on a Face ID device: locked after failed scans, the passcode unlocks it | `granted` |
/// | anything else (`biometryNotEnrolled`, no biometry) | `unavailable` |
package enum FaceIDAvailability {
    /// LAError's `biometryNotAvailable`.
    package static let biometryNotAvailable = -6
    /// LAError's `biometryNotEnrolled`.
    package static let biometryNotEnrolled = -7
    /// LAError's `biometryLockout`.
    package static let biometryLockout = -8

    /// The status for `canEvaluatePolicy`'s answer, its error's code, and whether the device's biometry is Face ID.
    package static func status(canEvaluate: Bool, errorCode: Int?, isFaceID: Bool) -> PermissionStatus {
        if canEvaluate { return isFaceID ? .granted : .unavailable }
        switch errorCode {
        case biometryNotAvailable where isFaceID: return .denied
        case biometryLockout where isFaceID: return .granted
        default: return .unavailable
        }
    }
}

/// What HomeKit's authorization status means for ``PermissionKind/homeKit``; the HomeKit adapter (`PermitHome`)
/// reads `HMHomeManager.authorizationStatus`'s three flags and calls ``status(determined:restricted:authorized:)``.
///
/// The status is an option set (Apple, "HMHomeManagerAuthorizationStatus"): `determined` once the person answered
/// (or a restriction answered for them), with `restricted` or `authorized` beside it. Determined with neither is a
/// denial.
package enum HomeAuthorization {
    /// The status for HomeKit's flags.
    package static func status(determined: Bool, restricted: Bool, authorized: Bool) -> PermissionStatus {
        guard determined else { return .notDetermined }
        if restricted { return .restricted }
        return authorized ? .granted : .denied
    }

    /// What a status read does before the adapter has a home manager, from the status it remembered (its raw
    /// value, kept by the adapter whenever a manager reported a determined status).
    ///
    /// HomeKit has no class-level status: only a manager reports one, and creating the first manager shows the
    /// prompt while the person never answered (Apple, "HMHomeManager": "the system asks the user for permission
    /// ... when your app first creates a home manager"). So:
    /// - nothing remembered: `notDetermined`, and no manager is created (reading never prompts);
    /// - a decision remembered: that status, and the adapter creates its manager, which cannot prompt again for a
    ///   decided person, so that the manager's own report follows (a change made in Settings since included).
    package static func readWithoutManager(remembered: String?) -> (status: PermissionStatus, createsManager: Bool) {
        guard let status = remembered.flatMap(PermissionStatus.init(rawValue:)), status != .notDetermined else {
            return (.notDetermined, false)
        }
        return (status, true)
    }

    /// The status to read from a manager that reports `live`: a manager just created reports nothing until its
    /// first update, and a decided person cannot be undecided, so a remembered decision stands until then.
    package static func status(live: PermissionStatus, remembered: String?) -> PermissionStatus {
        guard live == .notDetermined else { return live }
        return readWithoutManager(remembered: remembered).status
    }
}
