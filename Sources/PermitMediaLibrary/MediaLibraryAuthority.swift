#if canImport(MediaPlayer)
import MediaPlayer
public import Permit

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
    /// Creates the authority.
    public init() {}

    /// The media library authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .mediaLibrary else { return .unavailable }
        return Self.status(MPMediaLibrary.authorizationStatus())
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .mediaLibrary else { return .unavailable }
        guard MPMediaLibrary.authorizationStatus() == .notDetermined else { return await status(of: kind) }
        let answer = await withCheckedContinuation { continuation in
            MPMediaLibrary.requestAuthorization { continuation.resume(returning: $0) }
        }
        return Self.status(answer)
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
