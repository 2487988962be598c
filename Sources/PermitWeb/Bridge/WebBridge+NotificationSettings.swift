import Foundation
import Logging
import Permit
import PermitSupport

// MARK: - Notification settings

extension WebBridge {
    /// Keeps the notification settings a change carries for the page, unless the page was given them already: a
    /// first observation (at launch) carries none the page needs an event for.
    func noteNotificationSettings(of change: PermissionChange) {
        guard change.kind == .notifications, change.previous != nil, let details = change.notificationDetails else { return }
        let settings = BridgeScript.notificationSettings(status: change.current, details: details)
        pendingNotificationSettings = settings == pushedNotificationSettings ? nil : settings
    }

    /// Pushes the notification settings still pending (their statuses push did not take them: the statuses the
    /// page sees did not change) as a `permitnotificationsettingschange` event.
    func pushPendingNotificationSettings() async {
        guard let settings = pendingNotificationSettings else { return }
        pendingNotificationSettings = nil
        guard let host else { return }
        do {
            try await host.evaluateJavaScript(notificationSettingsScript(settings))
            pushedNotificationSettings = settings
        } catch {
            logger.debug("bridge could not push the notification settings", metadata: ["error": "\(error)"])
        }
    }

    /// JavaScript that hands `settings` to the bridge of the current document, for its
    /// `permitnotificationsettingschange` event.
    func notificationSettingsScript(_ settings: JSONValue) -> String {
        BridgeScript.deliver(.object(["notificationSettings": settings]), configuration: configuration, nonce: nonce)
    }
}

extension BridgeScript {
    /// The page's view of the notification settings: the raw notifications status, each setting's state
    /// (`enabled`, `disabled`, `notSupported`), the alert style and whether every way of showing is off.
    static func notificationSettings(status: PermissionStatus, details: NotificationDetails) -> JSONValue {
        var object: [String: JSONValue] = [
            "status": .string(status.rawValue), "alertStyle": .string(details.alertStyle.rawValue),
            "silentOnly": .bool(status.isUsable && details.isSilentOnly),
        ]
        for (name, setting) in details.settings { object[name] = .string(setting.rawValue) }
        return .object(object)
    }
}
