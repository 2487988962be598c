package import Foundation
import Permit
package import PermitWeb

/// A ``Cookie`` as Foundation's `HTTPCookie` holds it, field by field, for the hosts that store cookies as
/// `HTTPCookie` (`WKHTTPCookieStore`).
///
/// `HTTPCookie` has no host-only flag: a cookie whose domain starts with a dot is a domain cookie, one without is
/// host-only (Apple, "HTTPCookie.domain": "If the domain does not start with a dot, then the cookie is only sent
/// to the exact host specified by the domain"). It names only the `Lax` and `Strict` SameSite policies
/// (`HTTPCookieStringPolicy`), so `SameSite=None` and an unspecified policy are both written without one (WebKit
/// then sends the cookie cross-site) and read back as unspecified. A session cookie has no expiry date
/// (`isSessionOnly`).
///
/// For example:
///
/// ```swift
/// FoundationCookieFields(cookie).domain   // ".app.example.com" for a domain cookie
/// ```
package struct FoundationCookieFields: Hashable, Sendable {
    /// The SameSite policies `HTTPCookie` names.
    package enum SameSitePolicy: Hashable, Sendable {
        /// `HTTPCookieStringPolicy.sameSiteLax`.
        case lax
        /// `HTTPCookieStringPolicy.sameSiteStrict`.
        case strict
    }

    /// `HTTPCookie.name`.
    package var name: String
    /// `HTTPCookie.value`.
    package var value: String
    /// `HTTPCookie.domain`: with a leading dot for a domain cookie.
    package var domain: String
    /// `HTTPCookie.path`.
    package var path: String
    /// `HTTPCookie.expiresDate`, `nil` for a session cookie.
    package var expires: Date?
    /// `HTTPCookie.isSecure`.
    package var isSecure: Bool
    /// `HTTPCookie.isHTTPOnly`.
    package var isHTTPOnly: Bool
    /// `HTTPCookie.sameSitePolicy`, `nil` for none.
    package var sameSite: SameSitePolicy?

    /// The fields of `cookie`.
    package init(_ cookie: Cookie) {
        name = cookie.name
        value = cookie.value
        domain = cookie.isHostOnly ? cookie.domain : "." + cookie.domain
        path = cookie.path
        expires = cookie.expires
        isSecure = cookie.isSecure
        isHTTPOnly = cookie.isHTTPOnly
        sameSite =
            switch cookie.sameSite {
            case .lax: .lax
            case .strict: .strict
            case .none, .unspecified: nil
            }
    }

    /// The fields of a stored `HTTPCookie`; `expires` is `nil` when it is session-only.
    package init(
        name: String, value: String, domain: String, path: String, expires: Date?, isSecure: Bool, isHTTPOnly: Bool,
        sameSite: SameSitePolicy?
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
    }

    /// Permit's cookie for these fields.
    package var cookie: Cookie {
        let isHostOnly = !domain.hasPrefix(".")
        let sameSite: Cookie.SameSite =
            switch self.sameSite {
            case .lax: .lax
            case .strict: .strict
            case nil: .unspecified
            }
        return Cookie(
            name: name, value: value, domain: isHostOnly ? domain : String(domain.dropFirst()), isHostOnly: isHostOnly,
            path: path, expires: expires, isSecure: isSecure, isHTTPOnly: isHTTPOnly, sameSite: sameSite)
    }
}
