/// Where and how the installation's cookies are kept: `permit_installation` and `permit_platform`, their
/// attributes, and the key of the identity's backup.
///
/// The defaults: path `/`, a one-year expiry, `Secure`, `SameSite=Lax`, and `HttpOnly`, since the page's script
/// has no use for the installation's proof and should not be able to read it.
///
/// For example, the cookies of an iOS app whose pages are served from `app.example.com`:
///
/// ```swift
/// let configuration = InstallationCookieConfiguration(domain: "app.example.com", platform: "ios")
/// ```
public struct InstallationCookieConfiguration: Hashable, Sendable {
    /// The installation cookie's name; `permit_installation` by default.
    public var installationCookieName = "permit_installation"
    /// The platform cookie's name; `permit_platform` by default.
    public var platformCookieName = "permit_platform"
    /// The platform the server is told: `ios`, `android` or `web`.
    public var platform: String
    /// Both cookies' scope, flags and lifetime.
    public var attributes: CookieAttributes
    /// The key of the identity's backup in the app's `PermitStorage`.
    public var backupKey: String

    /// The header of the server's answer to a native report that carries the installation's proof.
    public static let proofResponseHeader = "X-Permit-Installation-Proof"

    /// Creates a configuration with the defaults for everything not given.
    public init(
        domain: String, isHostOnly: Bool = true, platform: String = "ios", isSecure: Bool = true,
        isHTTPOnly: Bool = true, lifetime: Double? = 365 * 86_400, backupKey: String = "permit.installation"
    ) {
        self.platform = platform
        self.attributes = CookieAttributes(
            domain: domain, isHostOnly: isHostOnly, isSecure: isSecure, isHTTPOnly: isHTTPOnly, lifetime: lifetime)
        self.backupKey = backupKey
    }
}
