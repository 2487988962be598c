package import Permit

/// An installation's notification settings, as the app mirrors them when it opts in: which ways of showing a
/// notification the person left on, eight of them, each on or off.
///
/// The cookie path reads them from eight `p_Notification_…` cookies of `yes` or `no`, next to `p_Notification`;
/// a native report from its `notifications` object, the same eight settings as `true` or `false`:
///
/// | setting | cookie | JSON key |
/// | --- | --- | --- |
/// | banners and alerts shown | `p_Notification_Alerts` | `alerts` |
/// | sounds | `p_Notification_Sounds` | `sounds` |
/// | badges | `p_Notification_Badges` | `badges` |
/// | on the Lock Screen | `p_Notification_LockScreen` | `lockScreen` |
/// | in Notification Center | `p_Notification_Center` | `center` |
/// | critical alerts | `p_Notification_Critical` | `critical` |
/// | time-sensitive | `p_Notification_TimeSensitive` | `timeSensitive` |
/// | in the scheduled summary | `p_Notification_Summary` | `summary` |
///
/// A setting the device does not support is sent as off. Only the whole set is read: a report that carries some
/// of them, or one that is neither on nor off, carries none (the cookie path ignores and counts it, a native
/// report is refused).
///
/// For example, alerts, sounds, badges, Lock Screen and Notification Center all off is
/// ``hidesEveryAlert``: with notifications allowed, the installation is ``InstallationRecord/silentOnly``.
package struct NotificationSettings: Sendable, Hashable {
    /// The settings that are on.
    package private(set) var enabled: Set<Setting>

    /// One of the eight settings.
    package enum Setting: String, Sendable, Hashable, CaseIterable, Codable {
        /// Banners and alerts shown.
        case alerts
        /// Sounds played.
        case sounds
        /// Badges on the app's icon.
        case badges
        /// Shown on the Lock Screen.
        case lockScreen
        /// Kept in Notification Center.
        case center
        /// Critical alerts (an entitlement Apple grants).
        case critical
        /// Time-sensitive notifications break through a Focus.
        case timeSensitive
        /// Delivered in the scheduled summary.
        case summary

        /// The setting of the app's `NotificationDetails` this one carries: the app names its cookie.
        package var detail: WritableKeyPath<NotificationDetails, NotificationDetails.Setting> {
            switch self {
            case .alerts: \.alerts
            case .sounds: \.sounds
            case .badges: \.badges
            case .lockScreen: \.lockScreen
            case .center: \.notificationCenter
            case .critical: \.criticalAlerts
            case .timeSensitive: \.timeSensitive
            case .summary: \.scheduledSummary
            }
        }

        /// The rest of its cookie's name after `p_Notification_`, such as `LockScreen`: the app's name for it
        /// (`NotificationDetails.cookieNames`).
        package var cookieSuffix: String {
            String(NotificationDetails.cookieName(of: detail).dropFirst(Self.appCookiePrefix.count))
        }

        /// What every notification-setting cookie of the app's starts with.
        private static let appCookiePrefix = "p_" + NotificationSettings.notificationCookieSuffix + "_"

        /// The setting whose cookie name ends with `suffix` (after `p_Notification_`), exactly; `nil` for another.
        package init?(cookieSuffix suffix: Substring) {
            guard let setting = Self.byCookieSuffix[String(suffix)] else { return nil }
            self = setting
        }

        private static let byCookieSuffix = Dictionary(uniqueKeysWithValues: allCases.map { ($0.cookieSuffix, $0) })
    }

    /// Settings with `enabled` on and the others off.
    package init(enabled: Set<Setting>) {
        self.enabled = enabled
    }

    /// Whether `setting` is on.
    package func isOn(_ setting: Setting) -> Bool { enabled.contains(setting) }

    /// The settings as the app's `NotificationDetails`: on is `enabled`, off is `disabled` (the cookies and the
    /// native report tell no setting the device does not support).
    package var details: NotificationDetails {
        var details = NotificationDetails.off
        for setting in enabled { details[keyPath: setting.detail] = .enabled }
        return details
    }

    /// Whether every setting that shows a notification to the person is off (`NotificationDetails.isSilentOnly`:
    /// alerts, sounds, badges, Lock Screen, Notification Center): with notifications allowed, nothing of a push
    /// is seen or heard, and iOS does not deliver a silent push either.
    package var hidesEveryAlert: Bool { details.isSilentOnly }

    /// The cookie that carries `setting`, such as `p_Notification_Alerts`: the notifications kind's cookie, `_`,
    /// and the setting's suffix.
    package static func cookieName(_ setting: Setting, permissionPrefix: String = "p_") -> String {
        permissionPrefix + notificationCookieSuffix + "_" + setting.cookieSuffix
    }

    /// What follows the permission prefix in the notifications kind's cookie name: `Notification`.
    package static let notificationCookieSuffix = "Notification"
}

// MARK: - JSON

extension NotificationSettings: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the eight settings from an object of `true` and `false` by setting: every one must be there, as a
    /// JSON boolean; keys it does not know are passed over (an app newer than its server may send more).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var enabled = Set<Setting>()
        for setting in Setting.allCases {
            if try container.decode(Bool.self, forKey: Key(stringValue: setting.rawValue)) { enabled.insert(setting) }
        }
        self.enabled = enabled
    }

    /// Encodes the eight settings as an object of `true` and `false`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for setting in Setting.allCases {
            try container.encode(isOn(setting), forKey: Key(stringValue: setting.rawValue))
        }
    }
}
