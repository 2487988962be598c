#if canImport(AVFoundation)
import AVFoundation
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for the camera, over AVFoundation's capture authorization for video.
///
/// ``PermissionKind/camera`` is `AVCaptureDevice`'s authorization for video; any other kind is `unavailable`
/// (the microphone has its own module, `PermitMicrophone`). It translates, and `CaptureAuthorizationDecision`
/// (tested on Linux) decides:
///
/// | AVFoundation | Permit |
/// | --- | --- |
/// | no `NSCameraUsageDescription` in Info.plist | `unavailable`, never asked (asking would terminate the app) |
/// | no capture device of that type (the Simulator's camera) | `unavailable` |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// `AVCaptureDevice.default(for:)` runs device discovery each time, so a camera once found is not looked up
/// again, and a missing one (an external camera may be plugged in) at most every thirty seconds
/// (`CaptureDevicePresence`); whether Info.plist has the key is read once per process.
///
/// Its Info.plist key is `NSCameraUsageDescription`. The module asks for video capture only, so an app that links
/// it without `PermitMicrophone` declares no microphone key.
///
/// For example:
///
/// ```swift
/// let capture = CameraAuthority()
/// let status = try await capture.request(.camera)   // the system prompt, the first time
/// ```
public struct CameraAuthority: PermissionAuthority {
    /// The flow the camera and microphone share (`CaptureAuthorityFlow`, tested on Linux), over this module's
    /// calls for video only; the purpose string is checked with every privacy adapter's `PurposeKeyCheck`: read
    /// once, and a missing one logged once as an error naming the key.
    private let flow: CaptureAuthorityFlow

    /// Creates the authority; `logger` hears about a missing purpose string.
    public init(logger: Logger = Logger(label: "Permit.Camera")) {
        flow = CaptureAuthorityFlow(
            kind: .camera, purposeKeys: PurposeKeyCheck(kind: .camera, logger: logger),
            authorization: { Self.authorization() }, hasDevice: { Self.hasDevice },
            requestAccess: { _ = await AVCaptureDevice.requestAccess(for: .video) })
    }

    /// Whether the device has a video capture device: found once, it is not looked up again; missing, it is looked
    /// up again at most every thirty seconds (`CaptureDevicePresence`).
    private static let devices = CaptureDeviceCache()
    private static var hasDevice: Bool { devices.hasDevice { AVCaptureDevice.default(for: .video) != nil } }

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
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .authorized
        @unknown default: .unknown
        }
    }
}

/// The former name of ``CameraAuthority``, kept so that apps written against Permit 1.0 compile.
@available(*, deprecated, renamed: "CameraAuthority")
public typealias CaptureAuthority = CameraAuthority
#endif
