// MARK: - Cookies

extension NotificationDetails {
    /// The names of the notification-setting cookies, beside `p_Notification`, with the setting each carries.
    ///
    /// | cookie | setting |
    /// | --- | --- |
    /// | `p_Notification_Alerts` | ``alerts`` |
    /// | `p_Notification_Sounds` | ``sounds`` |
    /// | `p_Notification_Badges` | ``badges`` |
    /// | `p_Notification_LockScreen` | ``lockScreen`` |
    /// | `p_Notification_Center` | ``notificationCenter`` |
    /// | `p_Notification_Critical` | ``criticalAlerts`` |
    /// | `p_Notification_TimeSensitive` | ``timeSensitive`` |
    /// | `p_Notification_Summary` | ``scheduledSummary`` |
    public static let cookieNames: [String] = ["Alerts", "Sounds", "Badges", "LockScreen", "Center", "Critical", "TimeSensitive", "Summary"]
        .map { "p_Notification_" + $0 }

    /// The cookie that carries `setting`, such as `p_Notification_Alerts` for `\.alerts`: read from ``cookies``,
    /// the one table of names, so that the server reads what the app writes.
    package static func cookieName(of setting: WritableKeyPath<NotificationDetails, Setting>) -> String {
        var only = NotificationDetails.off
        only[keyPath: setting] = .enabled
        guard let name = only.cookies.first(where: { $0.value == "yes" })?.key else {
            preconditionFailure("every setting has a cookie")
        }
        return name
    }

    /// The notification-setting cookies (``cookieNames``): `yes` for a setting that is on, `no` otherwise (off or
    /// not supported).
    public var cookies: [String: String] {
        // ``settings`` and ``cookieNames`` list the settings in the same order.
        Dictionary(uniqueKeysWithValues: zip(Self.cookieNames, settings.map { $0.value.isEnabled ? "yes" : "no" }))
    }
}

// MARK: - The store's form

extension NotificationDetails {
    /// The details in nine characters, as the permission store keeps them: the alert style (`n`, `b`, `a`), then
    /// each setting in ``settings``' order (`e` enabled, `d` disabled, `u` not supported). For example
    /// `beeeeeuud`.
    package var storeCode: String {
        let style: Character = switch alertStyle {
        case .none: "n"
        case .banner: "b"
        case .alert: "a"
        }
        return String([style] + settings.map { Self.code(of: $0.value) })
    }

    /// Reads ``storeCode``; `nil` for anything else.
    package init?(storeCode: String) {
        let characters = Array(storeCode)
        guard characters.count == 9 else { return nil }
        let style: AlertStyle
        switch characters[0] {
        case "n": style = .none
        case "b": style = .banner
        case "a": style = .alert
        default: return nil
        }
        var values: [Setting] = []
        for character in characters.dropFirst() {
            switch character {
            case "e": values.append(.enabled)
            case "d": values.append(.disabled)
            case "u": values.append(.notSupported)
            default: return nil
            }
        }
        self.init(
            alerts: values[0], alertStyle: style, sounds: values[1], badges: values[2], lockScreen: values[3],
            notificationCenter: values[4], criticalAlerts: values[5], timeSensitive: values[6], scheduledSummary: values[7])
    }

    private static func code(of setting: Setting) -> Character {
        switch setting {
        case .enabled: "e"
        case .disabled: "d"
        case .notSupported: "u"
        }
    }
}
