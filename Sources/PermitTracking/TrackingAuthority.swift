#if canImport(AppTrackingTransparency)
import AppTrackingTransparency
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/tracking``, over App Tracking Transparency.
///
/// | AppTrackingTransparency | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` (also when "Allow Apps to Request to Track" is off) |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// iOS shows the tracking prompt only while the app is active: a request made before the app becomes active (at
/// launch, from `application(_:didFinishLaunchingWithOptions:)`) returns `notDetermined` at once without a
/// prompt. ``request(_:)`` then returns `notDetermined`, so the policy may ask again once the app is active;
/// ask from a feature the person uses. Any other kind is `unavailable`. Its Info.plist key is
/// `NSUserTrackingUsageDescription`.
///
/// For example:
///
/// ```swift
/// let tracking = TrackingAuthority()
/// let status = try await tracking.request(.tracking)
/// ```
public struct TrackingAuthority: PermissionAuthority {
    /// Creates the authority.
    public init() {}

    /// The tracking authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .tracking else { return .unavailable }
        return Self.status(ATTrackingManager.trackingAuthorizationStatus)
    }

    /// Shows the system prompt when the status is `notDetermined` and the app is active, and returns the status
    /// after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .tracking else { return .unavailable }
        let current = await status(of: kind)
        guard SystemRequestGate.asksSystem(current: current) else { return current }
        return Self.status(await ATTrackingManager.requestTrackingAuthorization())
    }

    static func status(_ authorization: ATTrackingManager.AuthorizationStatus) -> PermissionStatus {
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
