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
    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.Photos")) {
        purposeKeys = PurposeKeyCheck(kind: .photos, logger: logger)
    }

    /// The read-write photo library authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .photos else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return Self.status(PHPhotoLibrary.authorizationStatus(for: .readWrite))
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .photos else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        if PHPhotoLibrary.authorizationStatus(for: .readWrite) == .notDetermined {
            return Self.status(await PHPhotoLibrary.requestAuthorization(for: .readWrite))
        }
        return await status(of: kind)
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
