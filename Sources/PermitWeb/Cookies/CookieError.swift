public import Permit

/// Why a cookie cannot be written: the rule of RFC 6265 (or of a browser's cookie prefixes) it breaks.
///
/// Compare against the static members to tell errors apart; new members may be added in later versions
/// without breaking callers. The ``detail`` names the attribute and what is wrong with it, never the cookie's
/// value, which may be a push token.
///
/// For example:
///
/// ```swift
/// do {
///     try cookie.validate(forHost: "app.example.com")
/// } catch .invalidValue {
///     // the value holds a space, a quote, a comma, a semicolon or a backslash
/// } catch {
///     print(error)    // "cookie domain does not cover the app's host: ..."
/// }
/// ```
public struct CookieError: CodedError {
    private enum Code: String, Sendable {
        case invalidName, invalidValue, tooLarge, invalidDomain, domainMismatch, invalidPath, expired, expiryTooFar
        case sameSiteNoneRequiresSecure, securePrefix, hostPrefix
    }

    private let member: Code
    /// What exactly is wrong, such as the position of a forbidden character. Not part of equality.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The name is empty or holds a character outside RFC 6265's `token`: a control, a space or one of
    /// `( ) < > @ , ; : \ " / [ ] ? = { }`.
    public static let invalidName = CookieError(.invalidName)
    /// The value holds a character outside RFC 6265's `cookie-octet`: a control, a space, `"` (other than a
    /// pair around the whole value), `,`, `;`, `\` or a non-ASCII character.
    public static let invalidValue = CookieError(.invalidValue)
    /// The name and value together are longer than 4,096 bytes.
    public static let tooLarge = CookieError(.tooLarge)
    /// The domain is not a host name (letters, digits and hyphens in dot-separated labels) or an IPv4
    /// address, or is a single label or an address given domain scope.
    public static let invalidDomain = CookieError(.invalidDomain)
    /// The app's host does not domain-match the cookie's domain, so the cookie would never reach its pages.
    public static let domainMismatch = CookieError(.domainMismatch)
    /// The path does not start with `/`, holds a control or non-ASCII character or `;`, or is longer than
    /// 1,024 bytes.
    public static let invalidPath = CookieError(.invalidPath)
    /// The expiry is not in the future: the browser would delete the cookie instead of storing it.
    public static let expired = CookieError(.expired)
    /// The expiry is more than 400 days ahead, which browsers cap (RFC 6265bis).
    public static let expiryTooFar = CookieError(.expiryTooFar)
    /// `SameSite=None` without `Secure`, which browsers reject.
    public static let sameSiteNoneRequiresSecure = CookieError(.sameSiteNoneRequiresSecure)
    /// A name starting with `__Secure-` without `Secure`.
    public static let securePrefix = CookieError(.securePrefix)
    /// A name starting with `__Host-` without `Secure`, with a domain scope, or with a path other than `/`.
    public static let hostPrefix = CookieError(.hostPrefix)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> CookieError { CookieError(member, detail: detail) }

    /// The rule's name, such as `invalidValue`.
    public var code: String { member.rawValue }

    /// A sentence naming the rule, without the detail.
    public var summary: String {
        switch member {
        case .invalidName: "cookie name is not an RFC 6265 token"
        case .invalidValue: "cookie value is not RFC 6265 cookie-octet text"
        case .tooLarge: "cookie name and value exceed 4096 bytes"
        case .invalidDomain: "cookie domain is not valid"
        case .domainMismatch: "cookie domain does not cover the app's host"
        case .invalidPath: "cookie path is not valid"
        case .expired: "cookie expiry is not in the future"
        case .expiryTooFar: "cookie expiry is more than 400 days ahead"
        case .sameSiteNoneRequiresSecure: "SameSite=None requires Secure"
        case .securePrefix: "a __Secure- cookie requires Secure"
        case .hostPrefix: "a __Host- cookie requires Secure, host-only scope and Path=/"
        }
    }
}
