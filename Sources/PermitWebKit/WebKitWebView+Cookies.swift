#if canImport(WebKit)
import Foundation
import Logging
import Permit
public import PermitWeb
import WebKit
import PermitHostSupport

extension WebKitWebView {
    // MARK: - Cookies

    /// Writes `cookie` to the web view's cookie store, with its `SameSite` attribute; returns once it is stored.
    ///
    /// - Throws: `WebViewError.cookieRefused` when `HTTPCookie` refuses it;
    ///   `WebViewError.timedOut` when the store did not answer in time.
    public func setCookie(_ cookie: Cookie) async throws {
        // Recorded first, so that a delete that follows wins and a recovery writes it again.
        cookiesSet[CookieKey(name: cookie.name, domain: cookie.domain, path: cookie.path)] = cookie
        guard let converted = Self.httpCookie(cookie) else { throw WebViewError.cookieRefused }
        try await enqueueCookieWrite { store in await store.setCookie(converted) }
    }

    /// Every cookie in the web view's cookie store.
    ///
    /// - Throws: `WebViewError.timedOut` when the store did not answer in time.
    public func allCookies() async throws -> [Cookie] {
        await cookieWrites.drain()
        let store = httpCookieStore
        do {
            let stored = try await WebViewDeadline.run(within: configuration.cookieTimeout) { @MainActor in
                await store.allCookies().map(Self.cookie(from:))
            }
            return stored
        } catch is WebViewDeadline.Exceeded {
            throw WebViewError.timedOut
        }
    }

    /// Deletes the cookie with this name, domain (host-only or not) and path; returns once it is gone.
    ///
    /// The store is not read first: before the network process has started, `allCookies()` is empty and a
    /// delete based on it would delete nothing. `WKHTTPCookieStore` deletes by name, domain and path, so the
    /// host deletes the host-only and the domain variants by name (`Cookie.deletionCandidates`).
    public func deleteCookie(named name: String, domain: String, path: String) async throws {
        cookiesSet[CookieKey(name: name, domain: domain, path: path)] = nil
        let candidates = Cookie.deletionCandidates(named: name, domain: domain, path: path).compactMap(Self.httpCookie)
        try await enqueueCookieWrite { store in
            for candidate in candidates { await store.deleteCookie(candidate) }
        }
    }

    /// Writes every cookie set through the host and not deleted since, as the cookies stand when the write
    /// runs: queued behind the writes before it, so that a delete asked for earlier is not undone.
    func rewriteCookies() async {
        try? await enqueueCookieWrite { [weak self] store in
            for cookie in self?.cookiesSet.values.compactMap(Self.httpCookie) ?? [] { await store.setCookie(cookie) }
        }
    }

    /// Runs one write after the writes before it; throws when it did not finish within the cookie timeout (the
    /// next write starts anyway).
    private func enqueueCookieWrite(
        _ write: @escaping @MainActor @Sendable (WKHTTPCookieStore) async -> Void
    ) async throws {
        let store = httpCookieStore
        guard await cookieWrites.enqueue({ await write(store) }) else {
            logger.warning("cookie store did not answer in time", metadata: ["timeout": "\(configuration.cookieTimeout)"])
            throw WebViewError.timedOut
        }
    }

    /// The `HTTPCookie` for `cookie`, or `nil` when Foundation refuses it: the fields `FoundationCookieFields`
    /// gives (a domain cookie's domain has a leading dot; `SameSite=None` and unspecified have no policy).
    static func httpCookie(_ cookie: Cookie) -> HTTPCookie? {
        let fields = FoundationCookieFields(cookie)
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: fields.name,
            .value: fields.value,
            .domain: fields.domain,
            .path: fields.path,
        ]
        if let expires = fields.expires { properties[.expires] = expires }
        if fields.isSecure { properties[.secure] = "TRUE" }
        // Foundation has no named key for HttpOnly; it reads the attribute's own name.
        if fields.isHTTPOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        switch fields.sameSite {
        case .lax?: properties[.sameSitePolicy] = HTTPCookieStringPolicy.sameSiteLax.rawValue
        case .strict?: properties[.sameSitePolicy] = HTTPCookieStringPolicy.sameSiteStrict.rawValue
        case nil: break
        }
        return HTTPCookie(properties: properties)
    }

    /// Permit's `Cookie` for an `HTTPCookie` from the store, through `FoundationCookieFields`.
    static func cookie(from stored: HTTPCookie) -> Cookie {
        let sameSite: FoundationCookieFields.SameSitePolicy? =
            switch stored.sameSitePolicy {
            case HTTPCookieStringPolicy.sameSiteLax?: .lax
            case HTTPCookieStringPolicy.sameSiteStrict?: .strict
            default: nil
            }
        return FoundationCookieFields(
            name: stored.name, value: stored.value, domain: stored.domain, path: stored.path,
            expires: stored.isSessionOnly ? nil : stored.expiresDate, isSecure: stored.isSecure,
            isHTTPOnly: stored.isHTTPOnly, sameSite: sameSite
        ).cookie
    }
}
#endif
