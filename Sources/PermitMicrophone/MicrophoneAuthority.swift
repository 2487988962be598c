#if canImport(AVFoundation)
import AVFoundation
public import Permit

/// The `PermissionAuthority` for the microphone, over AVFoundation's capture authorization for audio.
///
/// ``PermissionKind/microphone`` is `AVCaptureDevice`'s authorization for audio; any other kind is
/// `unavailable`. It translates and decides nothing:
///
/// | AVFoundation | Permit |
/// | --- | --- |
/// | no audio capture device | `unavailable` |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Its Info.plist key is `NSMicrophoneUsageDescription`. It is a module of its own so that an app that only
/// takes photos links `PermitCamera` without it and declares no microphone key.
///
/// For example:
///
/// ```swift
/// let microphone = MicrophoneAuthority()
/// let status = try await microphone.request(.microphone)   // the system prompt, the first time
/// ```
public struct MicrophoneAuthority: PermissionAuthority {
    /// Creates the authority.
    public init() {}

    /// The capture authorization for audio, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .microphone else { return .unavailable }
        guard AVCaptureDevice.default(for: .audio) != nil else { return .unavailable }
        return Self.status(AVCaptureDevice.authorizationStatus(for: .audio))
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .microphone else { return .unavailable }
        if AVCaptureDevice.authorizationStatus(for: .audio) == .notDetermined {
            _ = await AVCaptureDevice.requestAccess(for: .audio)
        }
        return await status(of: kind)
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
