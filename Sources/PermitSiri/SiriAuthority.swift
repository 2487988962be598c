#if canImport(Intents)
import Intents
public import Permit

/// The `PermissionAuthority` for ``PermissionKind/siri``, over `INPreferences`: whether Siri may send the app's
/// intents requests.
///
/// It translates and decides nothing:
///
/// | Intents | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSSiriUsageDescription`; the app also needs the Siri
/// capability (the `com.apple.developer.siri` entitlement), without which the request fails. It is a module of
/// its own, apart from `PermitFocusStatus`, though both use Intents: each references only its own kind's API.
///
/// For example:
///
/// ```swift
/// let siri = SiriAuthority()
/// let status = try await siri.request(.siri)
/// ```
public struct SiriAuthority: PermissionAuthority {
    /// Creates the authority.
    public init() {}

    /// The Siri authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .siri else { return .unavailable }
        return Self.status(INPreferences.siriAuthorizationStatus())
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .siri else { return .unavailable }
        guard INPreferences.siriAuthorizationStatus() == .notDetermined else { return await status(of: kind) }
        let answer = await withCheckedContinuation { continuation in
            INPreferences.requestSiriAuthorization { continuation.resume(returning: $0) }
        }
        return Self.status(answer)
    }

    static func status(_ authorization: INSiriAuthorizationStatus) -> PermissionStatus {
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
