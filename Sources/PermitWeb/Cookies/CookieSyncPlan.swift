package import Foundation

/// A cookie the sync keeps in the web view: a name and value with their attributes.
package struct DesiredCookie: Hashable, Sendable {
    package var name: String
    package var value: String
    package var attributes: CookieAttributes

    package init(name: String, value: String, attributes: CookieAttributes) {
        self.name = name
        self.value = value
        self.attributes = attributes
    }

    package var key: CookieKey { CookieKey(name: name, domain: attributes.domain, path: attributes.path) }
}

/// Identifies a cookie in a web view's store: name, domain (compared without regard to case) and path.
package struct CookieKey: Hashable, Sendable, Comparable {
    package let name: String
    package let domain: String
    package let path: String

    package init(name: String, domain: String, path: String) {
        self.name = name
        self.domain = domain.lowercased()
        self.path = path
    }

    package init(_ cookie: Cookie) { self.init(name: cookie.name, domain: cookie.domain, path: cookie.path) }

    package static func < (lhs: CookieKey, rhs: CookieKey) -> Bool {
        (lhs.name, lhs.domain, lhs.path) < (rhs.name, rhs.domain, rhs.path)
    }
}

/// What the cookie sync must do to make the web view's cookies match the desired ones: a pure function of
/// the desired cookies, the keys the sync manages and the cookies the web view holds.
///
/// Only managed keys are looked at; every other cookie in the web view belongs to someone else. A managed
/// key with no desired cookie is deleted when present. A desired cookie is written when the web view has no
/// cookie under its key, or one that differs in value, scope, flags or expiry; a cookie under the same key
/// but the other scope (host-only against domain), or a `Secure` one to be replaced by one that is not, is
/// deleted first. An expiry matches when it lies between
/// now plus the renewal window and now plus the lifetime, so matching cookies are never rewritten and two
/// syncs in a row make the second a no-op.
package struct CookieSyncPlan: Hashable, Sendable {
    /// One change to the web view's store.
    package enum Step: Hashable, Sendable {
        case write(Cookie)
        case delete(CookieKey)
    }

    package var steps: [Step]

    package init(desired: [DesiredCookie], managed: Set<CookieKey>, actual: [Cookie], now: Date) {
        let byKey = Dictionary(grouping: actual, by: CookieKey.init)
        let desiredByKey = Dictionary(desired.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        var steps: [Step] = []
        for key in managed.union(desiredByKey.keys).sorted() {
            let present = byKey[key] ?? []
            guard let wanted = desiredByKey[key] else {
                if !present.isEmpty { steps.append(.delete(key)) }
                continue
            }
            if present.count == 1, Self.matches(present[0], wanted, now: now) { continue }
            // A cookie of the other scope would stay beside the new one, and browsers refuse to overwrite a
            // Secure cookie with one that is not (RFC 6265bis): delete either first.
            if present.contains(where: {
                $0.isHostOnly != wanted.attributes.isHostOnly || ($0.isSecure && !wanted.attributes.isSecure)
            }) {
                steps.append(.delete(key))
            }
            steps.append(.write(wanted.attributes.cookie(name: wanted.name, value: wanted.value, now: now)))
        }
        self.steps = steps
    }

    package var isEmpty: Bool { steps.isEmpty }

    /// Whether the web view's `cookie` is the desired one, expiry within its window included.
    package static func matches(_ cookie: Cookie, _ wanted: DesiredCookie, now: Date) -> Bool {
        let attributes = wanted.attributes
        guard cookie.value == wanted.value, cookie.isHostOnly == attributes.isHostOnly,
            cookie.isSecure == attributes.isSecure, cookie.isHTTPOnly == attributes.isHTTPOnly,
            cookie.sameSite == attributes.sameSite
        else { return false }
        switch (attributes.lifetime, cookie.expires) {
        case (nil, nil): return true
        case (let lifetime?, let expires?):
            let left = expires.timeIntervalSince(now)
            // One second of slack: written expiries are whole seconds.
            return left >= attributes.renewalWindow && left <= lifetime + 1
        default: return false
        }
    }
}
