#if canImport(Photos)
import Photos
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/photosAddOnly``, over PhotoKit's add-only authorization.
///
/// It translates `PHPhotoLibrary.authorizationStatus(for: .addOnly)` and decides nothing:
///
/// | Photos | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSPhotoLibraryAddUsageDescription`: a module of its
/// own, so that an app that only saves photos does not link the read-write request of `PermitPhotos`.
///
/// For example:
///
/// ```swift
/// let saving = PhotosAddOnlyAuthority()
/// let status = try await saving.request(.photosAddOnly)
/// ```
public struct PhotosAddOnlyAuthority: PermissionAuthority {
    /// The flow the EventKit and PhotoKit adapters share (`AsyncRequestFlow`, tested on Linux), over this
    /// module's calls for add-only access only: it asks only while the status is `notDetermined` (no other photo
    /// status can prompt). The purpose strings iOS needs are checked before the framework is touched: without one
    /// the kind reads `unavailable` and is never asked (asking would terminate the app).
    private let flow: AsyncRequestFlow

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.PhotosAddOnly")) {
        flow = AsyncRequestFlow(
            kind: .photosAddOnly, purposeKeys: PurposeKeyCheck(kind: .photosAddOnly, logger: logger),
            status: { Self.status(PHPhotoLibrary.authorizationStatus(for: .addOnly)) },
            ask: { Self.status(await PHPhotoLibrary.requestAuthorization(for: .addOnly)) })
    }

    /// The add-only photo library authorization, read without prompting.
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
        case .limited: .limited  // not reported for add-only access; kept rather than hidden
        @unknown default: .unavailable
        }
    }
}

/// The former name of ``PhotosAddOnlyAuthority``, kept so that apps written against Permit 1.0 compile.
@available(*, deprecated, renamed: "PhotosAddOnlyAuthority")
public typealias PhotoLibraryAddOnlyAuthority = PhotosAddOnlyAuthority
#endif
