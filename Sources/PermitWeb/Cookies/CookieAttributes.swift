public import Foundation

/// Everything about a cookie Permit keeps except its name and value: its scope, flags and lifetime.
///
/// The defaults are Permit's: host-only, `Path=/`, `Secure`, `SameSite=Lax`, readable by page script, and a
/// lifetime of one year. The cookie sync writes a cookie with an expiry of now plus ``lifetime`` and renews
/// it once less than ``renewalWindow`` is left, so a value that never changes keeps its cookie without a
/// write at every launch.
///
/// For example, a push-token cookie sent to `example.com` and its subdomains:
///
/// ```swift
/// let attributes = CookieAttributes(domain: "example.com", isHostOnly: false)
/// ```
public struct CookieAttributes: Hashable, Sendable {
    /// The host the cookie belongs to, without a leading dot.
    public var domain: String
    /// Whether the cookie goes to ``domain`` only rather than to its subdomains too.
    public var isHostOnly: Bool
    /// The path the cookie is sent for.
    public var path: String
    /// Whether the cookie is sent over secure connections only (browsers count `http://localhost` as secure).
    public var isSecure: Bool
    /// Whether page scripts are kept from reading the cookie.
    public var isHTTPOnly: Bool
    /// Whether the cookie goes with cross-site requests.
    public var sameSite: Cookie.SameSite
    /// How long a written cookie lives, at most 400 days; `nil` writes a session cookie.
    public var lifetime: TimeInterval?

    /// Creates attributes; see the type's discussion for the defaults.
    public init(
        domain: String, isHostOnly: Bool = true, path: String = "/", isSecure: Bool = true, isHTTPOnly: Bool = false,
        sameSite: Cookie.SameSite = .lax, lifetime: TimeInterval? = 365 * 86_400
    ) {
        self.domain = domain
        self.isHostOnly = isHostOnly
        self.path = path
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
        self.lifetime = lifetime
    }

    /// How close to its expiry a cookie is rewritten: 30 days, or half the ``lifetime`` when that is shorter.
    public var renewalWindow: TimeInterval { min(30 * 86_400, (lifetime ?? 0) / 2) }

    /// The cookie with these attributes written at `now`: its expiry is `now` plus ``lifetime``, in whole
    /// seconds.
    public func cookie(name: String, value: String, now: Date) -> Cookie {
        Cookie(
            name: name, value: value, domain: domain, isHostOnly: isHostOnly, path: path,
            expires: lifetime.map { Date(timeIntervalSince1970: (now.timeIntervalSince1970 + $0).rounded(.down)) },
            isSecure: isSecure, isHTTPOnly: isHTTPOnly, sameSite: sameSite)
    }
}
