import CPermitWebKitGTK
public import PermitWeb
public import Permit

// MARK: - Cookies

extension WebKitGTKWebView {
    /// Stores a cookie in the network session's cookie manager, replacing one with the same name, domain and
    /// path; returns once WebKit stored it. The cookie is written again after the web content restarts.
    public func setCookie(_ cookie: Cookie) async throws {
        try await ready()
        // Recorded first, so that a delete that follows wins whatever order the writes finish in.
        cookiesSet[CookieKey(name: cookie.name, domain: cookie.domain, path: cookie.path)] = cookie
        try await writeCookie(cookie)
        cookieBroadcaster.publish(())
    }

    /// Writes one cookie into WebKit's cookie manager.
    func writeCookie(_ cookie: Cookie) async throws {
        let view = view.pointer
        do {
            _ = try await PendingCall<String?>.run { token in
                WebKitCookie.withRaw(cookie) { permit_wk_set_cookie(view, $0, GTKCallbacks.text, token) }
            }
        } catch let failure as GTKFailure {
            throw WebViewError.cookieRefused.withDetail("\(cookie.name): \(failure.message)")
        }
    }

    /// Every cookie in the session's store, of every site.
    public func allCookies() async throws -> [Cookie] {
        try await ready()
        let view = view.pointer
        return try await PendingCall<[WebKitCookie]>.run { token in
            permit_wk_all_cookies(view, GTKCallbacks.cookies, token)
        }.map(\.cookie)
    }

    /// Deletes the cookie with this name, domain and path, host-only or not, if there is one; returns once it
    /// is gone.
    public func deleteCookie(named name: String, domain: String, path: String) async throws {
        try await ready()
        cookiesSet[CookieKey(name: name, domain: domain, path: path)] = nil
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_delete_cookie(view, name, domain, path, GTKCallbacks.text, token)
        }
        cookieBroadcaster.publish(())
    }

    /// A sequence that receives a value after every write and deletion made through the web view, and each
    /// time WebKit's cookie manager reports a change (writes by pages and servers included).
    public nonisolated func changes() -> CookieStoreChanges { cookieBroadcaster.subscribe() }
}
