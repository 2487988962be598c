// Compiled into PermitWebKit by scripts/check-apple-adapters only: the HTTPCookie API that Apple's Foundation
// has and Linux's lacks. Linux keeps HTTPCookie in FoundationNetworking (the WebKit stand-in re-exports it) and
// has no SameSite. Internal, so that nothing outside the checked module sees it.

import FoundationNetworking

// https://developer.apple.com/documentation/foundation/httpcookiestringpolicy: `struct HTTPCookieStringPolicy :
// Hashable, Equatable, RawRepresentable` with `static let sameSiteLax`, `static let sameSiteStrict` (iOS 13)
struct HTTPCookieStringPolicy: Hashable, RawRepresentable, Sendable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
    static let sameSiteLax = HTTPCookieStringPolicy(rawValue: "lax")
    static let sameSiteStrict = HTTPCookieStringPolicy(rawValue: "strict")
}

extension HTTPCookiePropertyKey {
    // https://developer.apple.com/documentation/foundation/httpcookiepropertykey/samesitepolicy
    static let sameSitePolicy = HTTPCookiePropertyKey("SameSite")
}

extension HTTPCookie {
    // https://developer.apple.com/documentation/foundation/httpcookie/samesitepolicy: `var sameSitePolicy:
    // HTTPCookieStringPolicy? { get }`
    var sameSitePolicy: HTTPCookieStringPolicy? { fatalError("stand-in") }
}
