/// The raw authorization status the OS reports for one permission.
///
/// Permit keeps the OS's own answer and derives every other view from it: whether the feature the permission
/// guards can run (``isUsable``), the `yes`/`no` cookie value (``cookieValue``), the four-valued status the web
/// bridge has always shown (``bridgeStatus``). Where the bridge's string hides the raw status, the bridge also
/// reports the raw status as a detail.
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
/// | ``approximate`` | yes | `yes` | `granted` | `granted` |
/// | ``ephemeral`` | yes | `yes` | `granted` | `granted` |
/// | ``writeOnly`` | no | `no` | `denied` | `prompt` |
/// | ``undisclosed`` | yes | `yes` | `granted` | `granted` |
///
/// The cases after ``unavailable`` were added after the first release; a store written before them still loads,
/// since every status is stored under its name.
public enum PermissionStatus: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The user has never been asked.
    case notDetermined
    /// The user declined.
    case denied
    /// Parental controls or device management prevent access; the user cannot change it.
    case restricted
    /// Full access.
    case granted
    /// Partial access: the photos or contacts the person selected.
    case limited
    /// Quiet notifications, delivered to the notification center without alerting.
    case provisional
    /// The service is off, the hardware is missing or the permission does not exist on this platform.
    case unavailable
    /// Location with reduced accuracy: the person turned Precise Location off (iOS 14). The feature runs with an
    /// approximate position; a one-time upgrade can be asked for with a temporary full-accuracy request.
    case approximate
    /// Notifications an App Clip may send for eight hours after launch, without a prompt (iOS 14).
    case ephemeral
    /// Write-only access to calendar events (iOS 17) reported for full access: the app can add events but
    /// cannot read them, so a feature that reads the calendar cannot run. Asking for full access shows iOS's
    /// upgrade prompt.
    case writeOnly
    /// The person answered a prompt whose answer iOS keeps from the app by design: HealthKit read access. The
    /// feature runs, and sees only the data the person allowed (possibly none); it is never shown as denied.
    case undisclosed

    /// Whether the app can use the feature this permission guards.
    public var isUsable: Bool {
        switch self {
        case .granted, .limited, .provisional, .approximate, .ephemeral, .undisclosed: true
        case .notDetermined, .denied, .restricted, .unavailable, .writeOnly: false
        }
    }

    /// The `yes`/`no` value of the permission's cookie.
    public var cookieValue: PermissionCookieValue { isUsable ? .yes : .no }

    /// The four-valued status the web bridge exposes to pages (`granted`, `denied`, `notDetermined`,
    /// `restricted`).
    public var bridgeStatus: BridgeStatus {
        switch self {
        case .notDetermined: .notDetermined
        case .denied, .writeOnly: .denied
        case .restricted, .unavailable: .restricted
        case .granted, .limited, .provisional, .approximate, .ephemeral, .undisclosed: .granted
        }
    }

    /// Whether the bridge's four-valued status hides this status, so that pages are also given the raw status
    /// as a detail: every status but the four the bridge names.
    public var hasBridgeDetail: Bool { rawValue != bridgeStatus.rawValue }

    /// Whether asking the OS again shows a prompt: never asked, provisional notifications (the full prompt)
    /// and write-only calendar access (the upgrade to full access).
    public var canPrompt: Bool {
        switch self {
        case .notDetermined, .provisional, .writeOnly: true
        default: false
        }
    }

    /// The state the W3C Permissions API would report (`prompt`, `granted` or `denied`).
    package var webState: WebPermissionState {
        switch self {
        case .notDetermined, .writeOnly: .prompt
        case .denied, .restricted, .unavailable: .denied
        case .granted, .limited, .provisional, .approximate, .ephemeral, .undisclosed: .granted
        }
    }

    /// The status's name, such as `notDetermined`.
    public var description: String { rawValue }
}

extension PermissionStatus {
    /// Whether a request that found `before` and left `after` showed the person a system prompt.
    ///
    /// A prompt can show only from a status that can prompt (``canPrompt``), and two outcomes of a request show
    /// none, so they do not count as asked and the real prompt stays available:
    ///
    /// - a move from not determined to provisional, which the OS makes silently: provisional notifications are
    ///   granted without a prompt (Apple, "Asking permission to use notifications");
    /// - a request that leaves the status not determined: an answered prompt always determines it, so iOS did
    ///   not show one. App Tracking Transparency asked while the app is not active, or while another alert is up,
    ///   returns `notDetermined` at once (Apple, "requestTrackingAuthorization(completionHandler:)": "The system
    ///   displays the prompt only when the app state is active"); so do a location request from the background,
    ///   a local network probe whose time ran out, and Nearby Interaction, which has no request call.
    public static func requestShowedPrompt(from before: PermissionStatus, to after: PermissionStatus) -> Bool {
        guard before.canPrompt, after != .notDetermined else { return false }
        return !(before == .notDetermined && after == .provisional)
    }
}
