public import Permit

// MARK: - Notification settings

extension SimulatedDevice {
    /// The person's notification settings: those set with ``setNotificationDetails(_:)``, else what iOS reports
    /// for the notifications status (`NotificationDetails/allowed` when granted or ephemeral,
    /// `NotificationDetails/quiet` when provisional, `NotificationDetails/off` otherwise).
    public func notificationDetails() async -> NotificationDetails? {
        if let scriptedNotificationDetails { return scriptedNotificationDetails }
        switch currentStatus(.notifications) {
        case .granted, .ephemeral: return .allowed
        case .provisional: return .quiet
        default: return .off
        }
    }

    /// The person changes the app's notification settings in Settings (alerts off, say): the app keeps running
    /// and reads them at its next refresh, as iOS reports no callback for them. `nil` goes back to what the
    /// status gives.
    public func setNotificationDetails(_ details: NotificationDetails?) { scriptedNotificationDetails = details }
}
