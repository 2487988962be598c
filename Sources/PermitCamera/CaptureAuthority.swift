#if canImport(AVFoundation)
import AVFoundation
public import Permit

/// The `PermissionAuthority` for the camera, over AVFoundation's capture authorization for video.
///
/// ``PermissionKind/camera`` is `AVCaptureDevice`'s authorization for video; any other kind is `unavailable`
/// (the microphone has its own module, `PermitMicrophone`). It translates and decides nothing:
///
/// | AVFoundation | Permit |
/// | --- | --- |
/// | no capture device of that type (the Simulator's camera) | `unavailable` |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Its Info.plist key is `NSCameraUsageDescription`. The module asks for video capture only, so an app that links
/// it without `PermitMicrophone` declares no microphone key.
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

    /// The capture authorization for the camera, read without prompting.
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
