public import Foundation

/// Where and how the push token is kept: the cookie's name and attributes and the key of its backup.
///
/// The defaults: cookie `FCM_token`, path `/`, a one-year expiry, readable by page script
/// (its `getFCMToken()` reads `document.cookie`), and Permit's `Secure` and `SameSite=Lax`.
///
/// For example, a cookie for `example.com` and its subdomains:
///
/// ```swift
/// let configuration = PushTokenCookieConfiguration(domain: "example.com", isHostOnly: false)
/// ```
public struct PushTokenCookieConfiguration: Hashable, Sendable {
    /// The cookie's name; `FCM_token` by default.
    public var cookieName: String
    /// The cookie's scope, flags and lifetime.
    public var attributes: CookieAttributes
    /// The key of the backup in the permission store.
    public var backupKey: String
    /// The `UserDefaults` key under which a version of the app from before Permit kept its backup of the token,
    /// `FCM_Token_Backup` by default: imported once, when the app's storage holds no backup yet.
    public var legacyBackupKey: String = "FCM_Token_Backup"
    /// Whether the manager keeps ``legacyBackupKey`` current in the legacy `UserDefaults` it was given, beside
    /// the real backup: the saved token after every save, restore and rotation, no key once cleared. For an app
    /// whose own code still reads that key. Default: `false` (the key is only imported).
    public var keepsLegacyBackupCurrent = false
    /// More domains the cookie is written for, beside ``attributes``' own, with the same name, path and flags: for
    /// an app whose pages or API live on several sites (`app.example.com` and `api.example.net`, say). Each is
    /// validated as the cookie's own host. Empty by default.
    public var additionalDomains: [String] = []
    /// How old a token may grow, in seconds, before ``PushTokenCookieManager/rotateIfDue()`` deletes it at the
    /// push service and saves the new one it issues; `nil` (the default) never rotates.
    public var rotationInterval: TimeInterval? = nil

    /// Creates a configuration with the defaults for everything not given; a `nil` lifetime makes the
    /// cookie a session cookie. For the path and `SameSite`, use ``init(cookieName:attributes:backupKey:)``.
    public init(
        domain: String, isHostOnly: Bool = true, cookieName: String = "FCM_token", isSecure: Bool = true,
        isHTTPOnly: Bool = false, lifetime: Double? = 365 * 86_400, backupKey: String = "permit.pushToken"
    ) {
        self.cookieName = cookieName
        self.attributes = CookieAttributes(
            domain: domain, isHostOnly: isHostOnly, isSecure: isSecure, isHTTPOnly: isHTTPOnly, lifetime: lifetime)
        self.backupKey = backupKey
    }

    /// Creates a configuration from a cookie name and full attributes.
    public init(cookieName: String = "FCM_token", attributes: CookieAttributes, backupKey: String = "permit.pushToken") {
        self.cookieName = cookieName
        self.attributes = attributes
        self.backupKey = backupKey
    }
}
