#if canImport(AVFoundation)
import AVFoundation
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for the microphone, over AVFoundation's capture authorization for audio.
///
/// ``PermissionKind/microphone`` is `AVCaptureDevice`'s authorization for audio; any other kind is
/// `unavailable`. It translates, and `CaptureAuthorizationDecision` (tested on Linux) decides:
///
/// | AVFoundation | Permit |
/// | --- | --- |
/// | no `NSMicrophoneUsageDescription` in Info.plist | `unavailable`, never asked (asking would terminate the app) |
/// | no audio capture device | `unavailable` |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// A microphone once found is not looked up again, and a missing one at most every thirty seconds
/// (`CaptureDevicePresence`); whether Info.plist has the key is read once per process.
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
    /// The flow the camera and microphone share (`CaptureAuthorityFlow`, tested on Linux), over this module's
    /// calls for audio only; the purpose string is checked with every privacy adapter's `PurposeKeyCheck`: read
    /// once, and a missing one logged once as an error naming the key.
    private let flow: CaptureAuthorityFlow

    /// Creates the authority; `logger` hears about a missing purpose string.
    public init(logger: Logger = Logger(label: "Permit.Microphone")) {
        flow = CaptureAuthorityFlow(
            kind: .microphone, purposeKeys: PurposeKeyCheck(kind: .microphone, logger: logger),
            authorization: { Self.authorization() }, hasDevice: { Self.hasDevice },
            requestAccess: { _ = await AVCaptureDevice.requestAccess(for: .audio) })
    }

    /// Whether the device has an audio capture device: found once, it is not looked up again; missing, it is looked
    /// up again at most every thirty seconds (`CaptureDevicePresence`).
    private static let devices = CaptureDeviceCache()
    private static var hasDevice: Bool { devices.hasDevice { AVCaptureDevice.default(for: .audio) != nil } }

    /// The capture authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        flow.status(of: kind)
    }

    /// Shows the system prompt when `CaptureAuthorizationDecision` says so, and returns the status after the
    /// answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        await flow.request(kind)
    }

    // MARK: - Translation

    private static func authorization() -> CaptureAuthorizationDecision.Authorization {
        switch AVCaptureDevice.authorizationStatus(for: .audio) {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .authorized
        @unknown default: .unknown
        }
    }
}
#endif
