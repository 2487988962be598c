public import Foundation

/// A cookie as Permit models it, independent of any platform's cookie type.
///
/// `HTTPCookie` is converted to and from only inside the Apple adapter; Linux Foundation's `HTTPCookie` has
/// no SameSite and other differences, so Permit's cookie logic never relies on it.
public struct Cookie: Hashable, Sendable {
    /// The cookie's name.
    public var name: String
    /// The cookie's value.
    public var value: String
    /// The host the cookie belongs to, without a leading dot.
    public var domain: String
    /// Whether the cookie is sent to ``domain`` only (no `Domain` attribute), rather than to its subdomains too.
    public var isHostOnly: Bool
    /// The path the cookie is sent for; `/` for the whole site.
    public var path: String
    /// When the cookie expires, or `nil` for a session cookie.
    public var expires: Date?
    /// Whether the cookie is sent over secure connections only.
    public var isSecure: Bool
    /// Whether page scripts are kept from reading the cookie.
    public var isHTTPOnly: Bool
    /// Whether the cookie goes with cross-site requests.
    public var sameSite: SameSite

    /// Creates a cookie; the defaults are Permit's: path `/`, `Secure`, `SameSite=Lax`, readable by page script.
    public init(
        name: String, value: String, domain: String, isHostOnly: Bool = true, path: String = "/",
        expires: Date? = nil, isSecure: Bool = true, isHTTPOnly: Bool = false, sameSite: SameSite = .lax
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.isHostOnly = isHostOnly
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
    }

    /// The `SameSite` attribute.
    public enum SameSite: String, Hashable, Sendable, CaseIterable {
        /// Sent with same-site requests only.
        case strict = "Strict"
        /// Sent with same-site requests and top-level navigations: the default.
        case lax = "Lax"
        /// Sent with every request; requires ``Cookie/isSecure``.
        case none = "None"
        /// No `SameSite` attribute: the browser applies its default (Chromium treats it as `Lax`, but lets
        /// top-level cross-site `POST`s carry a cookie younger than two minutes). Permit never writes it by
        /// default; it stands for a cookie someone else set without the attribute, so that the cookie sync
        /// does not mistake it for a `Lax` one.
        case unspecified = "Unspecified"
    }
}
