public import Foundation
import Permit

extension HybridShell {
    /// What the shell loads and which cookies it keeps.
    public struct Configuration: Sendable {
        /// The page the app loads at launch.
        public var pageURL: URL
        /// The bridge's names and the origins allowed to use it.
        public var bridge: BridgeConfiguration
        /// The host of the app's pages, which every cookie must reach: the page's host unless told otherwise.
        public var siteHost: String
        /// The attributes of the `p_…` permission cookies, or `nil` (the default) to keep permission data on
        /// the device.
        public var permissionCookies: CookieAttributes?
        /// Whether the notification-setting cookies (`p_Notification_Alerts`, ... : `NotificationDetails.cookieNames`)
        /// are mirrored beside the `p_…` permission cookies, when ``permissionCookies`` is set. Default: `false`.
        ///
        /// `permit server` records an installation whose every way of showing a notification is off as silent
        /// only, when the page's requests carry them.
        public var notificationSettingCookies: Bool
        /// The push token's cookie; used when the shell is given a push service.
        public var pushToken: PushTokenCookieConfiguration
        /// Whether the shell ends the policy's startup once the page has loaded. Default: `true`.
        ///
        /// Until startup ends, the policy holds back the app's own requests for lazy permissions (a person's
        /// tap is never held back). Set it to `false` when the app has launch work of its own after the page
        /// loads (a sign-in, an onboarding), and call `PromptPolicy.finishStartup()` when that is done.
        public var finishesStartupAtLoad: Bool
        /// Whether the shell keeps the keys an app from before Permit reads in `UserDefaults` current: the `p_…`
        /// permission keys (`"yes"`/`"no"`, `LegacyPermissionKeys`) after every change, and the push token's
        /// legacy backup (``PushTokenCookieConfiguration/legacyBackupKey``, `FCM_Token_Backup`) beside the real
        /// one. Default: `false`; ``zoobox(pageURL:allowedOrigins:)`` turns it on.
        public var keepsSeedKeys: Bool

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - pageURL: The page the app loads at launch.
        ///   - bridge: The bridge's names and the origins allowed to use it.
        ///   - siteHost: The host of the app's pages; `nil` takes `pageURL`'s host.
        ///   - permissionCookies: The attributes of the `p_…` cookies, or `nil` to keep them on the device.
        ///   - pushToken: The push token's cookie; `nil` takes the defaults for the site host, with `Secure`
        ///     set only when `pageURL` is `https` (on a plain HTTP site a `Secure` cookie would never
        ///     reach the page or the server).
        ///   - finishesStartupAtLoad: Whether the shell ends the policy's startup once the page has loaded;
        ///     `false` leaves it to the app's call of `PromptPolicy.finishStartup()`.
        ///   - keepsSeedKeys: Whether the `p_…` keys and `FCM_Token_Backup` are kept current in `UserDefaults`.
        ///   - notificationSettingCookies: Whether the notification-setting cookies are mirrored too.
        public init(
            pageURL: URL, bridge: BridgeConfiguration, siteHost: String? = nil,
            permissionCookies: CookieAttributes? = nil, pushToken: PushTokenCookieConfiguration? = nil,
            finishesStartupAtLoad: Bool = true, keepsSeedKeys: Bool = false, notificationSettingCookies: Bool = false
        ) {
            self.notificationSettingCookies = notificationSettingCookies
            let host = siteHost ?? pageURL.host ?? "localhost"
            self.pageURL = pageURL
            self.bridge = bridge
            self.siteHost = host
            self.permissionCookies = permissionCookies
            self.pushToken = pushToken ?? PushTokenCookieConfiguration(domain: host, isSecure: pageURL.scheme == "https")
            self.finishesStartupAtLoad = finishesStartupAtLoad
            self.keepsSeedKeys = keepsSeedKeys
        }

        /// The preset for an app whose page and native code were written against the seed's hybrid shell: the
        /// bridge's `zoobox` names (`BridgeConfiguration/zoobox(allowedOrigins:)`), the `p_…` permission
        /// cookies for the page's host, and the seed's keys kept current in `UserDefaults`
        /// (``keepsSeedKeys``).
        ///
        /// For example:
        ///
        /// ```swift
        /// let configuration = HybridShell.Configuration.zoobox(
        ///     pageURL: URL(string: "https://app.example.com/")!,
        ///     allowedOrigins: [try WebOrigin("https://app.example.com")])
        /// ```
        public static func zoobox(pageURL: URL, allowedOrigins: Set<WebOrigin>) -> Configuration {
            let host = pageURL.host ?? "localhost"
            return Configuration(
                pageURL: pageURL, bridge: .zoobox(allowedOrigins: allowedOrigins),
                permissionCookies: CookieAttributes(domain: host, isSecure: pageURL.scheme == "https"),
                keepsSeedKeys: true)
        }
    }
}
