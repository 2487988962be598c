#if canImport(UserNotifications)
public import Permit
public import UserNotifications
import PermitAdapterSupport

extension NotificationDetails {
    /// Reads the details from UserNotifications' settings: each `UNNotificationSetting` as a
    /// ``NotificationDetails/Setting``, the alert style, and the scheduled summary as
    /// `scheduledDeliverySetting` (translated by `NotificationSettingsReading`, tested on Linux).
    public init(_ settings: UNNotificationSettings) {
        self = NotificationSettingsReading.details(
            alert: settings.alertSetting.rawValue, alertStyle: settings.alertStyle.rawValue,
            sound: settings.soundSetting.rawValue, badge: settings.badgeSetting.rawValue,
            lockScreen: settings.lockScreenSetting.rawValue, notificationCenter: settings.notificationCenterSetting.rawValue,
            criticalAlert: settings.criticalAlertSetting.rawValue, timeSensitive: settings.timeSensitiveSetting.rawValue,
            scheduledDelivery: settings.scheduledDeliverySetting.rawValue)
    }
}
#endif
