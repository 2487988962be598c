#if canImport(AVFoundation)
import AVFoundation
public import Permit

/// The `PermissionAuthority` for the camera and the microphone, over AVFoundation's capture authorization.
///
/// ``PermissionKind/camera`` is `AVCaptureDevice`'s authorization for video, ``PermissionKind/microphone`` for
/// audio; any other kind is `unavailable`. It translates and decides nothing:
///
/// | AVFoundation | Permit |
/// | --- | --- |
/// | no capture device of that type (the Simulator's camera) | `unavailable` |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Its Info.plist keys are `NSCameraUsageDescription` and `NSMicrophoneUsageDescription`: the module references
/// both APIs, so an app that links it declares both (ITMS-90683).
///
/// For example:
///
/// ```swift
/// let capture = CaptureAuthority()
/// let status = try await capture.request(.camera)   // the system prompt, the first time
/// ```
public struct CaptureAuthority: PermissionAuthority {
    /// Creates the authority.
    public init() {}

    /// The capture authorization for the camera or the microphone, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard let mediaType = Self.mediaType(of: kind) else { return .unavailable }
        guard AVCaptureDevice.default(for: mediaType) != nil else { return .unavailable }
        return Self.status(AVCaptureDevice.authorizationStatus(for: mediaType))
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard let mediaType = Self.mediaType(of: kind) else { return .unavailable }
        if AVCaptureDevice.authorizationStatus(for: mediaType) == .notDetermined {
            _ = await AVCaptureDevice.requestAccess(for: mediaType)
        }
        return await status(of: kind)
    }

    // MARK: - Translation

    static func mediaType(of kind: PermissionKind) -> AVMediaType? {
        switch kind {
        case .camera: .video
        case .microphone: .audio
        default: nil
        }
    }

    static func status(_ authorization: AVAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .granted
        @unknown default: .unavailable
        }
    }
}
#endif
