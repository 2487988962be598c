package import Permit

/// UserNotifications' settings as Permit's ``NotificationDetails``: the translation `NotificationsAuthority`
/// makes, over raw values so that it runs and is tested on Linux.
///
/// `UNNotificationSetting` is `notSupported` (0), `disabled` (1), `enabled` (2); `UNAlertStyle` is `none` (0),
/// `banner` (1), `alert` (2) (Apple, `UNNotificationSettings.h`). A value iOS adds later reads as not supported,
/// and an alert style it adds later as none: never a setting shown as on that Permit cannot name.
package enum NotificationSettingsReading {
    /// One setting from its raw value.
    package static func setting(_ rawValue: Int) -> NotificationDetails.Setting {
        switch rawValue {
        case 1: .disabled
        case 2: .enabled
        default: .notSupported
        }
    }

    /// The alert style from its raw value.
    package static func alertStyle(_ rawValue: Int) -> NotificationDetails.AlertStyle {
        switch rawValue {
        case 1: .banner
        case 2: .alert
        default: .none
        }
    }

    /// The details from the raw values of `UNNotificationSettings`' properties.
    package static func details(
        alert: Int, alertStyle style: Int, sound: Int, badge: Int, lockScreen: Int, notificationCenter: Int,
        criticalAlert: Int, timeSensitive: Int, scheduledDelivery: Int
    ) -> NotificationDetails {
        NotificationDetails(
            alerts: setting(alert), alertStyle: alertStyle(style), sounds: setting(sound), badges: setting(badge),
            lockScreen: setting(lockScreen), notificationCenter: setting(notificationCenter),
            criticalAlerts: setting(criticalAlert), timeSensitive: setting(timeSensitive),
            scheduledSummary: setting(scheduledDelivery))
    }
}
