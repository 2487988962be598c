#if canImport(Photos)
import Photos
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/photos``, over PhotoKit's read-write authorization.
///
/// It translates `PHPhotoLibrary.authorizationStatus(for: .readWrite)` and decides nothing:
///
/// | Photos | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
/// | `limited` (the photos the person selected) | `limited` |
///
/// Any other kind is `unavailable`. With limited access, "select more photos" is the app's action: PhotoKit's
/// limited-library picker (`presentLimitedLibraryPicker(from:)`, UIKit) or the system photo picker, which needs
/// no authorization at all; the status stays `limited`. Its Info.plist key is `NSPhotoLibraryUsageDescription`;
/// an app that only saves photos links `PermitPhotosAddOnly` instead.
///
/// For example:
///
/// ```swift
/// let photos = PhotosAuthority()
/// if try await photos.request(.photos) == .limited { offerToSelectMorePhotos() }
/// ```
public struct PhotosAuthority: PermissionAuthority {
    /// The flow the EventKit and PhotoKit adapters share (`AsyncRequestFlow`, tested on Linux), over this
    /// module's calls for read-write access only: it asks only while the status is `notDetermined` (no other photo
    /// status can prompt). The purpose strings iOS needs are checked before the framework is touched: without one
    /// the kind reads `unavailable` and is never asked (asking would terminate the app).
    private let flow: AsyncRequestFlow

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.Photos")) {
        flow = AsyncRequestFlow(
            kind: .photos, purposeKeys: PurposeKeyCheck(kind: .photos, logger: logger),
            status: { Self.status(PHPhotoLibrary.authorizationStatus(for: .readWrite)) },
            ask: { Self.status(await PHPhotoLibrary.requestAuthorization(for: .readWrite)) })
    }

    /// The read-write photo library authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        flow.status(of: kind)
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        try await flow.request(kind)
    }

    static func status(_ authorization: PHAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .granted
        case .limited: .limited
        @unknown default: .unavailable
        }
    }
}

/// The former name of ``PhotosAuthority``, kept so that apps written against Permit 1.0 compile.
@available(*, deprecated, renamed: "PhotosAuthority")
public typealias PhotoLibraryAuthority = PhotosAuthority
#endif
