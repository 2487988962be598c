// iOS only (kinds.json's platforms): MPMediaLibrary is MP_PROHIBITED(macos) (MPMediaLibrary.h); MediaPlayer itself
// imports on macOS.
#if canImport(MediaPlayer) && !os(macOS) && !PERMIT_CHECK_MACOS
import MediaPlayer
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/mediaLibrary``, over `MPMediaLibrary`: the person's music
/// library (Apple Music and synced music).
///
/// It translates and decides nothing:
///
/// | MediaPlayer | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSAppleMusicUsageDescription`.
///
/// For example:
///
/// ```swift
/// let library = MediaLibraryAuthority()
/// let status = try await library.request(.mediaLibrary)
/// ```
public struct MediaLibraryAuthority: PermissionAuthority {
    /// The shared flow: read at once, ask only while not determined.
    private let base = CallbackAuthority(
        kind: .mediaLibrary, status: { Self.status(MPMediaLibrary.authorizationStatus()) },
        ask: { answer in MPMediaLibrary.requestAuthorization { answer(Self.status($0)) } })

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.MediaLibrary")) {
        purposeKeys = PurposeKeyCheck(kind: .mediaLibrary, logger: logger)
    }

    /// The authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind != base.kind || !purposeKeys.isMissing else { return .unavailable }
        return await base.status(of: kind)
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind != base.kind || !purposeKeys.isMissing else { return .unavailable }
        return try await base.request(kind)
    }

    static func status(_ authorization: MPMediaLibraryAuthorizationStatus) -> PermissionStatus {
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
