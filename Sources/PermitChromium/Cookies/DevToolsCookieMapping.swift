import Foundation
import PermitWeb

/// Permit's ``Cookie`` to and from the DevTools protocol's cookie JSON, as pure functions.
///
/// The protocol tells a host-only cookie from a domain cookie by its domain: the plain host for the first,
/// the host with a leading dot for the second. A host-only cookie is written by URL, so that the browser
/// records it without a `Domain` attribute. A session cookie has no expiry; `SameSite` is left out when it is
/// ``Cookie/SameSite/unspecified``.
///
/// For example:
///
/// ```swift
/// let command = DevToolsCookieMapping.setCookie(cookie)     // Network.setCookie
/// let read = DevToolsCookieMapping.cookie(from: reported)   // from Storage.getCookies
/// ```
enum DevToolsCookieMapping {
    // MARK: - Writing

    /// The `Network.setCookie` command that stores `cookie`.
    static func setCookie(_ cookie: Cookie) -> DevTools.Network.SetCookie {
        DevTools.Network.SetCookie(
            name: cookie.name, value: cookie.value,
            url: cookie.isHostOnly ? "\(cookie.isSecure ? "https" : "http")://\(cookie.domain)\(cookie.path)" : nil,
            domain: cookie.isHostOnly ? nil : "." + cookie.domain,
            path: cookie.path, secure: cookie.isSecure, httpOnly: cookie.isHTTPOnly,
            sameSite: cookie.sameSite == .unspecified ? nil : cookie.sameSite.rawValue,
            expires: cookie.expires?.timeIntervalSince1970)
    }

    /// The `Network.deleteCookies` commands that delete the cookie with this name, domain and path, whether
    /// it is host-only or a domain cookie.
    static func deleteCookies(named name: String, domain: String, path: String) -> [DevTools.Network.DeleteCookies] {
        [domain, "." + domain].map { DevTools.Network.DeleteCookies(name: name, domain: $0, path: path) }
    }

    // MARK: - Reading

    /// The cookie the browser reports, or `nil` when it has no name, value or domain.
    ///
    /// A missing path reads as `/`, missing flags as off, a missing `session` as a session cookie, and a
    /// missing or unknown `SameSite` as ``Cookie/SameSite/unspecified``.
    static func cookie(from reported: DevTools.Network.Cookie) -> Cookie? {
        guard let name = reported.name, let value = reported.value, let domain = reported.domain else { return nil }
        let isSession = reported.session ?? true
        return Cookie(
            name: name, value: value, domain: domain.hasPrefix(".") ? String(domain.dropFirst()) : domain,
            isHostOnly: !domain.hasPrefix("."), path: reported.path ?? "/",
            expires: isSession ? nil : reported.expires.map(Date.init(timeIntervalSince1970:)),
            isSecure: reported.secure ?? false, isHTTPOnly: reported.httpOnly ?? false,
            sameSite: reported.sameSite.flatMap(Cookie.SameSite.init(rawValue:)) ?? .unspecified)
    }
}
