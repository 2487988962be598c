import Foundation
import Logging
import Permit
import PermitSupport

// MARK: - Notification settings

extension WebBridge {
    /// Pushes the notification settings to the loaded page as a `permitnotificationsettingschange` event, unless
    /// the page was given these already.
    func pushNotificationSettings(status: PermissionStatus, details: NotificationDetails) async {
        guard let host else { return }
        let settings = BridgeScript.notificationSettings(status: status, details: details)
        guard settings != pushedNotificationSettings else { return }
        let key = JSONValue.string(BridgeScript.receiverName(configuration)).jsonText
        let script = "(function (h) { if (typeof h === 'function') { h(\(JSONValue.string(nonce).jsonText), "
            + "{ notificationSettings: \(settings.jsonText) }); } })(window[\(key)]);"
        do {
            try await host.evaluateJavaScript(script)
            pushedNotificationSettings = settings
        } catch {
            logger.debug("bridge could not push the notification settings", metadata: ["error": "\(error)"])
        }
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
