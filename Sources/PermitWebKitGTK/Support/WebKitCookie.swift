import CPermitWebKitGTK
import Foundation
import PermitWeb

/// A cookie as WebKit's cookie manager (libsoup) holds it, converted to and from Permit's `Cookie`.
///
/// libsoup has no "unspecified" `SameSite`: a cookie without the attribute reads back as `None`, and Permit
/// writes `.unspecified` as `None` (see the Engines article).
struct WebKitCookie: Sendable, Equatable {
    /// The cookie in Permit's model.
    var cookie: Cookie

    /// Converts a cookie the shim read.
    init(_ raw: permit_wk_cookie) {
        let sameSite: Cookie.SameSite = switch raw.same_site {
        case 2: .strict
        case 1: .lax
        default: .none
        }
        cookie = Cookie(
            name: String(cString: raw.name), value: String(cString: raw.value), domain: String(cString: raw.domain),
            isHostOnly: raw.host_only != 0, path: String(cString: raw.path),
            expires: raw.expires < 0 ? nil : Date(timeIntervalSince1970: raw.expires), isSecure: raw.secure != 0,
            isHTTPOnly: raw.http_only != 0, sameSite: sameSite)
    }

    /// Calls `body` with the shim's form of `cookie`, valid during the call.
    static func withRaw<Result>(_ cookie: Cookie, _ body: (permit_wk_cookie) -> Result) -> Result {
        let sameSite: Int32 = switch cookie.sameSite {
        case .strict: 2
        case .lax: 1
        case .none, .unspecified: 0
        }
        return cookie.name.withCString { name in
            cookie.value.withCString { value in
                cookie.domain.withCString { domain in
                    cookie.path.withCString { path in
                        body(permit_wk_cookie(
                            name: name, value: value, domain: domain, path: path, host_only: cookie.isHostOnly ? 1 : 0,
                            expires: cookie.expires.map { $0.timeIntervalSince1970.rounded(.down) } ?? -1,
                            secure: cookie.isSecure ? 1 : 0, http_only: cookie.isHTTPOnly ? 1 : 0,
                            same_site: sameSite))
                    }
                }
            }
        }
    }
}
