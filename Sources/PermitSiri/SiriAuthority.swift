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
    /// The shared flow: read at once, ask only while not determined.
    private let base = CallbackAuthority(
        kind: .siri, status: { Self.status(INPreferences.siriAuthorizationStatus()) },
        ask: { answer in INPreferences.requestSiriAuthorization { answer(Self.status($0)) } })

    /// Creates the authority.
    public init() {}

    /// The authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        await base.status(of: kind)
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        try await base.request(kind)
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
