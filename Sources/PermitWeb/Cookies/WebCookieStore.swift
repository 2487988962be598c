public import Permit

/// A web view's cookie store, shaped like `WKHTTPCookieStore`: the seam through which Permit keeps the push
/// token and the permission cookies in the web view.
///
/// A ``WebViewHost`` hands out its store as ``WebViewHost/cookieStore``. `PermitChromium` implements it over
/// Chromium's cookie jar, `PermitTesting`'s fake over a dictionary, and the `PermitWebKit` adapter over
/// `WKHTTPCookieStore`.
///
/// ## Implementation requirements
///
/// - ``setCookie(_:)`` stores the cookie, replacing one with the same name, domain and path, and returns only
///   once the store applied it. A host that restarts its web content writes every cookie set through it (and
///   not deleted since) into the new one.
/// - ``deleteCookie(named:domain:path:)`` deletes the cookie with that name, domain and path, host-only or
///   not, and returns only once it is gone; deleting a cookie that is not there is not an error.
/// - ``allCookies()`` returns every cookie of every site, as the store holds them now.
/// - ``changes()`` gives every sequence made a value each time the store's cookies may have changed: at least
///   after every write and deletion made through the store, and, where the engine reports them, after writes
///   by pages and servers.
public protocol WebCookieStore: AnyObject, Sendable {
    /// Stores a cookie, replacing one with the same name, domain and path; returns once it is stored.
    func setCookie(_ cookie: Cookie) async throws

    /// Every cookie in the store.
    func allCookies() async throws -> [Cookie]

    /// Deletes the cookie with this name, domain and path, if there is one; returns once it is gone.
    func deleteCookie(named name: String, domain: String, path: String) async throws

    /// A sequence that receives a value each time the store's cookies may have changed, from now on.
    func changes() -> CookieStoreChanges
}

extension WebCookieStore {
    /// The cookies named `name`, of every domain and path.
    public func cookies(named name: String) async throws -> [Cookie] {
        try await allCookies().filter { $0.name == name }
    }
}

/// The changes of a ``WebCookieStore``: a value each time its cookies may have changed, from the moment
/// ``WebCookieStore/changes()`` was called.
public typealias CookieStoreChanges = UpdateStream<Void>
