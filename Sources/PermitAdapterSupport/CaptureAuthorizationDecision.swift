package import Permit

/// What the camera and microphone adapters report and whether they may ask, from AVFoundation's authorization,
/// the presence of a capture device and the app's purpose string.
///
/// `AVCaptureDevice.requestAccess(for:)` terminates the app when Info.plist lacks the purpose string
/// (`NSCameraUsageDescription`, `NSMicrophoneUsageDescription`): "If your app doesn't include the usage
/// description key ... it crashes when it requests access" (Apple, "Requesting authorization to capture and
/// save media"). A missing key is a build mistake, not a state the person can change, so the kind reads
/// ``PermissionStatus/unavailable`` and is never asked; the adapter logs the missing key once. A device with no
/// such capture device (the Simulator's camera) is unavailable too.
///
/// For example:
///
/// ```swift
/// CaptureAuthorizationDecision.requestAction(
///     authorization: .notDetermined, hasDevice: true, hasPurposeString: false)   // .answer(.unavailable)
/// ```
package enum CaptureAuthorizationDecision {
    /// AVFoundation's authorization, case for case (`AVAuthorizationStatus`).
    package enum Authorization: Sendable, Equatable {
        /// `notDetermined`.
        case notDetermined
        /// `restricted`.
        case restricted
        /// `denied`.
        case denied
        /// `authorized`.
        case authorized
        /// A case this version does not know.
        case unknown
    }

    /// What a request does.
    package enum RequestAction: Sendable, Equatable {
        /// Call `requestAccess(for:)`, then read the status again.
        case ask
        /// Ask nothing and answer with this status.
        case answer(PermissionStatus)
    }

    /// The Info.plist key whose text iOS shows when `kind` is asked for, for the kinds AVFoundation handles.
    package static func purposeKey(for kind: PermissionKind) -> String? {
        switch kind {
        case .camera: "NSCameraUsageDescription"
        case .microphone: "NSMicrophoneUsageDescription"
        default: nil
        }
    }

    /// The status to report.
    package static func status(authorization: Authorization, hasDevice: Bool, hasPurposeString: Bool) -> PermissionStatus {
        guard hasDevice, hasPurposeString else { return .unavailable }
        switch authorization {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorized: return .granted
        case .unknown: return .unavailable
        }
    }

    /// Whether a request asks AVFoundation: only from not determined, with a device and a purpose string.
    package static func requestAction(authorization: Authorization, hasDevice: Bool, hasPurposeString: Bool) -> RequestAction {
        let current = status(authorization: authorization, hasDevice: hasDevice, hasPurposeString: hasPurposeString)
        return current == .notDetermined ? .ask : .answer(current)
    }
}
