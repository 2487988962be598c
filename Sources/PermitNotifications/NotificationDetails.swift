#if canImport(UserNotifications)
public import UserNotifications

/// The notification settings that change what a granted authorization delivers, as
/// ``NotificationsAuthority/details()`` reads them.
///
/// A person can keep notifications allowed and still turn alerts off (they go to the Notification Center only),
/// and critical alerts and time-sensitive delivery are separate switches. An app reads them to explain why a
/// reminder did not show, or to offer the switch in Settings.
///
/// For example:
///
/// ```swift
/// let details = await NotificationsAuthority().details()
/// if !details.showsAlerts { showHint("Alerts are off for this app in Settings > Notifications.") }
/// ```
public struct NotificationDetails: Hashable, Sendable {
    /// Whether critical alerts may play their sound through Focus and the mute switch (an entitlement Apple grants).
    public var criticalAlerts: Bool
    /// Whether time-sensitive notifications break through Focus and scheduled summaries.
    public var timeSensitive: Bool
    /// Whether notifications show as banners or alerts; `false` when the person set the alert style to none.
    public var showsAlerts: Bool

    /// Creates details.
    public init(criticalAlerts: Bool, timeSensitive: Bool, showsAlerts: Bool) {
        self.criticalAlerts = criticalAlerts
        self.timeSensitive = timeSensitive
        self.showsAlerts = showsAlerts
    }

    /// Reads the details from UserNotifications' settings.
    public init(_ settings: UNNotificationSettings) {
        self.init(
            criticalAlerts: settings.criticalAlertSetting == .enabled,
            timeSensitive: settings.timeSensitiveSetting == .enabled,
            showsAlerts: settings.alertStyle != .none)
    }
}
#endif
