import Foundation

extension Cookie {
    /// The cookies a store that deletes by name, domain and path is given to delete the cookie `name` of
    /// `domain` and `path`, whichever scope it was stored with: the host-only one and the domain one, both
    /// expired.
    ///
    /// `WKHTTPCookieStore.delete(_:)` removes the stored cookie that matches the given one's name, domain and
    /// path. Reading the store first (`getAllCookies`) to find it fails before the web view's network process
    /// has started: `WKHTTPCookieStore` answers with no cookies, and nothing is deleted (reported by apps whose
    /// logout left the session cookie behind). Naming both scopes needs no read.
    ///
    /// For example:
    ///
    /// ```swift
    /// Cookie.deletionCandidates(named: "FCM_token", domain: "app.example.com", path: "/").map(\.isHostOnly)
    /// // [true, false]
    /// ```
    public static func deletionCandidates(named name: String, domain: String, path: String) -> [Cookie] {
        [true, false].map { hostOnly in
            Cookie(
                name: name, value: "", domain: domain, isHostOnly: hostOnly, path: path,
                expires: Date(timeIntervalSince1970: 0))
        }
    }
}
