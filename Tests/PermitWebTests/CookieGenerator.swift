import Foundation
import PermitTesting
import PermitWeb

/// Generates cookies for the tests: valid ones over a mix of scopes, paths, flags and expiries, and invalid
/// ones that each break exactly one rule. Deterministic for a seed.
struct CookieGenerator {
    /// A cookie with the host whose pages it is meant for.
    struct Case {
        var cookie: Cookie
        var host: String
    }

    /// An invalid cookie, the error it must get and what was broken.
    struct Invalid {
        var cookie: Cookie
        var host: String
        var expected: CookieError
        var broken: String
    }

    private var random: SeededRandomNumberGenerator
    let now: Date

    init(seed: UInt64, now: Date) {
        random = SeededRandomNumberGenerator(seed: seed)
        self.now = now
    }

    static let tokenCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~")
    static let octetCharacters: [Character] = (0x21...0x7E).map { Character(UnicodeScalar(UInt8($0))) }
        .filter { !"\",;\\".contains($0) }

    /// A valid cookie. Hosts: `localhost`, `app.test`, `sub.app.test` (host-only), or domain scope on
    /// `app.test` for pages on `sub.app.test`.
    mutating func valid(index: Int) -> Case {
        let scope = random.next() % 4
        let (domain, hostOnly, host): (String, Bool, String) =
            switch scope {
            case 0: ("localhost", true, "localhost")
            case 1: ("app.test", true, "app.test")
            case 2: ("sub.app.test", true, "sub.app.test")
            default: ("app.test", false, "sub.app.test")
            }
        let paths = ["/", "/", "/docs", "/docs/", "/a/b/c", "/x-y_z.html"]
        var path = paths[Int(random.next() % UInt64(paths.count))]
        var secure = random.next() % 3 != 0
        let sameSite = Cookie.SameSite.allCases[Int(random.next() % UInt64(Cookie.SameSite.allCases.count))]
        if sameSite == .none { secure = true }
        var name = "c\(index)_" + string(from: Self.tokenCharacters, count: Int(random.next() % 12))
        if secure, random.next() % 8 == 0 { name = "__Secure-" + name }
        if secure, hostOnly, random.next() % 8 == 0 {
            name = "__Host-" + name
            path = "/"
        }
        var value = string(from: Self.octetCharacters, count: Int(random.next() % 40))
        if random.next() % 10 == 0 { value = "\"\(value)\"" }
        let expires: Date? =
            random.next() % 4 == 0
            ? nil : Date(timeIntervalSince1970: (now.timeIntervalSince1970 + Double(60 + random.next() % (399 * 86_400))).rounded(.down))
        let cookie = Cookie(
            name: name, value: value, domain: domain, isHostOnly: hostOnly, path: path, expires: expires, isSecure: secure,
            isHTTPOnly: random.next() % 3 == 0, sameSite: sameSite)
        return Case(cookie: cookie, host: host)
    }

    /// Every way of breaking one rule, applied to valid cookies.
    mutating func invalid() -> [Invalid] {
        var cases: [Invalid] = []
        func base() -> Cookie {
            Cookie(name: "name", value: "value", domain: "app.test", isHostOnly: false, path: "/", expires: now.addingTimeInterval(86_400))
        }
        func add(_ expected: CookieError, _ broken: String, host: String = "sub.app.test", _ change: (inout Cookie) -> Void) {
            var cookie = base()
            change(&cookie)
            cases.append(Invalid(cookie: cookie, host: host, expected: expected, broken: broken))
        }
        add(.invalidName, "empty name") { $0.name = "" }
        for separator in Array(#"()<>@,;:\"/[]?={} "#) + ["\t", "\u{1}", "\u{7F}", "é", "\n"] {
            add(.invalidName, "name with \(separator.unicodeScalars.first!.value)") { $0.name = "na\(separator)me" }
        }
        for bad in [" ", "\"", ",", ";", "\\", "\u{7F}", "\u{0}", "\t", "é", "€", "\r\n"] {
            add(.invalidValue, "value with \(bad.unicodeScalars.first!.value)") { $0.value = "va\(bad)lue" }
        }
        add(.invalidValue, "a lone quote") { $0.value = "\"value" }
        add(.invalidValue, "a quote inside a quoted value") { $0.value = "\"va\"lue\"" }
        add(.tooLarge, "4,097 bytes") { $0.value = String(repeating: "v", count: 4_097 - 4) }
        add(.tooLarge, "a long name") { $0.name = String(repeating: "n", count: 4_000); $0.value = String(repeating: "v", count: 100) }
        for domain in [".app.test", "", "app..test", "-app.test", "app-.test", "ap_p.test", "app.test.", "a b.test",
                       String(repeating: "a", count: 64) + ".test", "app.123", "[::1]"] {
            add(.invalidDomain, "domain \(domain)") { $0.domain = domain }
        }
        add(.invalidDomain, "a single-label domain cookie", host: "localhost") { $0.domain = "localhost" }
        add(.invalidDomain, "a domain cookie on an address", host: "127.0.0.1") { $0.domain = "127.0.0.1" }
        add(.domainMismatch, "another site") { $0.domain = "other.test" }
        add(.domainMismatch, "a suffix that is not a label boundary", host: "app.test") { $0.domain = "pp.test" }
        add(.domainMismatch, "a subdomain of the host", host: "app.test") { $0.domain = "sub.app.test" }
        add(.domainMismatch, "a host-only cookie for the parent") { $0.isHostOnly = true }
        add(.domainMismatch, "a host-only cookie for another address", host: "127.0.0.1") { $0.domain = "127.0.0.2"; $0.isHostOnly = true }
        for path in ["", "docs", "/a;b", "/a\u{1}", "/a\u{7F}", "/café", "/\u{1F36A}", "/" + String(repeating: "p", count: 1_024)] {
            add(.invalidPath, "path \(path.prefix(8))") { $0.path = path }
        }
        add(.expired, "an expiry in the past") { $0.expires = now.addingTimeInterval(-1) }
        add(.expired, "an expiry of now") { $0.expires = now }
        add(.expired, "an expiry within the current second") { $0.expires = now.addingTimeInterval(0.5) }
        add(.expiryTooFar, "401 days ahead") { $0.expires = now.addingTimeInterval(401 * 86_400) }
        add(.expiryTooFar, "10 years ahead") { $0.expires = now.addingTimeInterval(3_650 * 86_400) }
        add(.sameSiteNoneRequiresSecure, "SameSite=None without Secure") { $0.sameSite = .none; $0.isSecure = false }
        for prefix in ["__Secure-", "__secure-", "__SECURE-"] {
            add(.securePrefix, "\(prefix) without Secure") { $0.name = prefix + "id"; $0.isSecure = false }
        }
        for prefix in ["__Host-", "__host-"] {
            add(.hostPrefix, "\(prefix) without Secure") { $0.name = prefix + "id"; $0.isSecure = false; $0.isHostOnly = true; $0.domain = "sub.app.test" }
            add(.hostPrefix, "\(prefix) with a Domain") { $0.name = prefix + "id" }
            add(.hostPrefix, "\(prefix) with a path") { $0.name = prefix + "id"; $0.isHostOnly = true; $0.domain = "sub.app.test"; $0.path = "/docs" }
        }
        return cases
    }

    private mutating func string(from characters: [Character], count: Int) -> String {
        String((0..<count).map { _ in characters[Int(random.next() % UInt64(characters.count))] })
    }
}
