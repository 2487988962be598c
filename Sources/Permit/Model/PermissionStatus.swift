/// The raw authorization status the OS reports for one permission.
///
/// Permit keeps the OS's own answer and derives every other view from it: whether the permission can be
/// used (``isUsable``), the `yes`/`no` cookie value (``cookieValue``), the four-valued status the web bridge
/// has always shown (``bridgeStatus``).
///
/// | status | usable | cookie | bridge status | W3C state |
/// | --- | --- | --- | --- | --- |
/// | ``notDetermined`` | no | `no` | `notDetermined` | `prompt` |
/// | ``denied`` | no | `no` | `denied` | `denied` |
/// | ``restricted`` | no | `no` | `restricted` | `denied` |
/// | ``granted`` | yes | `yes` | `granted` | `granted` |
/// | ``limited`` | yes | `yes` | `granted` | `granted` |
/// | ``provisional`` | yes | `yes` | `granted` | `granted` |
/// | ``unavailable`` | no | `no` | `restricted` | `denied` |
public enum PermissionStatus: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The user has never been asked.
    case notDetermined
    /// The user declined.
    case denied
    /// Parental controls or device management prevent access; the user cannot change it.
    case restricted
    /// Full access.
    case granted
    /// Partial access, such as selected photos or contacts.
    case limited
    /// Quiet notifications, delivered to the notification center without alerting.
    case provisional
    /// The service is off, the hardware is missing or the permission does not exist on this platform.
    case unavailable

    /// Whether the app can use the feature this permission guards.
    public var isUsable: Bool {
        switch self {
        case .granted, .limited, .provisional: true
        case .notDetermined, .denied, .restricted, .unavailable: false
        }
    }

    /// The `yes`/`no` value of the permission's cookie.
    public var cookieValue: PermissionCookieValue { isUsable ? .yes : .no }

    /// The four-valued status the web bridge exposes to pages (`granted`, `denied`, `notDetermined`,
    /// `restricted`).
    public var bridgeStatus: BridgeStatus {
        switch self {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .restricted, .unavailable: .restricted
        case .granted, .limited, .provisional: .granted
        }
    }

    /// The state the W3C Permissions API would report (`prompt`, `granted` or `denied`).
    package var webState: WebPermissionState {
        switch self {
        case .notDetermined: .prompt
        case .denied, .restricted, .unavailable: .denied
        case .granted, .limited, .provisional: .granted
        }
    }

    /// The status's name, such as `notDetermined`.
    public var description: String { rawValue }
}
