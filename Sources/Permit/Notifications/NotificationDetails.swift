/// The person's notification settings for the app, beside its authorization: what a granted (or provisional)
/// authorization actually delivers.
///
/// A person can keep notifications allowed and turn every way of showing them off: no banner, no sound, no
/// badge, nothing on the lock screen or in Notification Center. Such an app is "silent only" (``isSilentOnly``):
/// a push that should alert the person reaches nobody. Critical alerts and time-sensitive delivery are switches
/// of their own, and a scheduled summary holds notifications back. The OS adapter reads these
/// (`NotificationsAuthority` over `UNNotificationSettings`); the ``PermissionCenter`` keeps them with the
/// notifications record, reports a change of any of them as a change, and the web bridge and the cookies pass
/// them on.
///
/// For example:
///
/// ```swift
/// if let details = await center.notificationDetails(), details.isSilentOnly {
///     showHint("Notifications are allowed, but every way of showing them is off in Settings > Notifications.")
/// }
/// ```
public struct NotificationDetails: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One notification setting.
    public enum Setting: String, Hashable, Sendable, Codable, CaseIterable {
        /// On.
        case enabled
        /// Off.
        case disabled
        /// Not available here: the device or the app's entitlements do not offer it.
        case notSupported

        /// Whether the setting is on.
        public var isEnabled: Bool { self == .enabled }
    }

    /// How an alert shows while the device is unlocked.
    public enum AlertStyle: String, Hashable, Sendable, Codable, CaseIterable {
        /// No banner or alert.
        case none
        /// A banner that goes away by itself.
        case banner
        /// An alert that stays until the person acts.
        case alert
    }

    /// Banners and alerts.
    public var alerts: Setting
    /// How alerts show.
    public var alertStyle: AlertStyle
    /// Sounds.
    public var sounds: Setting
    /// The app icon's badge.
    public var badges: Setting
    /// Notifications on the lock screen.
    public var lockScreen: Setting
    /// Notifications kept in Notification Center.
    public var notificationCenter: Setting
    /// Critical alerts, which sound through Focus and the mute switch (an entitlement Apple grants).
    public var criticalAlerts: Setting
    /// Time-sensitive notifications, which break through Focus and the scheduled summary.
    public var timeSensitive: Setting
    /// The scheduled summary, which holds the app's notifications for set times of day.
    public var scheduledSummary: Setting

    /// Creates details; every setting not given is off.
    public init(
        alerts: Setting = .disabled, alertStyle: AlertStyle = .none, sounds: Setting = .disabled,
        badges: Setting = .disabled, lockScreen: Setting = .disabled, notificationCenter: Setting = .disabled,
        criticalAlerts: Setting = .disabled, timeSensitive: Setting = .disabled, scheduledSummary: Setting = .disabled
    ) {
        self.alerts = alerts
        self.alertStyle = alertStyle
        self.sounds = sounds
        self.badges = badges
        self.lockScreen = lockScreen
        self.notificationCenter = notificationCenter
        self.criticalAlerts = criticalAlerts
        self.timeSensitive = timeSensitive
        self.scheduledSummary = scheduledSummary
    }

    /// What iOS gives an app the person allowed notifications, before they change anything: banners, sounds,
    /// badges, the lock screen and Notification Center on; critical alerts and time-sensitive delivery not
    /// supported (they need entitlements); no scheduled summary.
    public static let allowed = NotificationDetails(
        alerts: .enabled, alertStyle: .banner, sounds: .enabled, badges: .enabled, lockScreen: .enabled,
        notificationCenter: .enabled, criticalAlerts: .notSupported, timeSensitive: .notSupported)

    /// What provisional authorization delivers: quietly, to Notification Center only.
    public static let quiet = NotificationDetails(notificationCenter: .enabled)

    /// Every setting off: what iOS reports for notifications that are denied or not asked for yet.
    public static let off = NotificationDetails()

    /// Whether banners or alerts show: alerts on, in a style other than none.
    public var showsAlerts: Bool { alerts.isEnabled && alertStyle != .none }

    /// Whether every way of showing a notification is off (banners and alerts, sounds, badges, the lock screen,
    /// Notification Center): a push reaches the app, and nobody sees it.
    public var isSilentOnly: Bool {
        ![alerts, sounds, badges, lockScreen, notificationCenter].contains(.enabled)
    }

    /// The settings by their names on the page and in the cookies, in a fixed order.
    package var settings: KeyValuePairs<String, Setting> {
        [
            "alerts": alerts, "sounds": sounds, "badges": badges, "lockScreen": lockScreen,
            "notificationCenter": notificationCenter, "criticalAlerts": criticalAlerts,
            "timeSensitive": timeSensitive, "scheduledSummary": scheduledSummary,
        ]
    }

    /// A one-line description, such as `alerts(banner) sounds badges lockScreen notificationCenter`: the settings
    /// that are on.
    public var description: String {
        let on = settings.filter { $0.value.isEnabled }.map { $0.key == "alerts" ? "alerts(\(alertStyle.rawValue))" : $0.key }
        return on.isEmpty ? "all off" : on.joined(separator: " ")
    }
}
