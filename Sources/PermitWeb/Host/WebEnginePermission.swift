public import Permit

/// A permission the web engine itself grants a page, which the bridge keeps in step with the app's own:
/// camera, microphone, notifications and geolocation.
///
/// The bridge sets each one the app tracks through ``WebViewHost/setEnginePermission(_:granted:for:)``:
/// granted while the native permission is usable, refused otherwise (never "ask", so that the engine never
/// shows a prompt of its own; a page's request for a permission never asked goes through the app's policy
/// first).
public enum WebEnginePermission: String, Hashable, Sendable, CaseIterable {
    /// `getUserMedia({video})`.
    case camera
    /// `getUserMedia({audio})`.
    case microphone
    /// `Notification` and push.
    case notifications
    /// `navigator.geolocation`.
    case geolocation

    /// The engine permission that follows `kind`, or `nil` for a kind the engine has none for.
    public init?(_ kind: PermissionKind) {
        switch kind {
        case .camera: self = .camera
        case .microphone: self = .microphone
        case .notifications: self = .notifications
        case .location: self = .geolocation
        default: return nil
        }
    }
}
