import Foundation
import Permit
@testable import PermitChromium
import PermitWeb
import Testing
import PermitSupport

/// Permit's cookies to and from the DevTools protocol's cookie JSON.
@Suite struct DevToolsCookieMappingTests {
    private let expiry = Date(timeIntervalSince1970: 1_800_000_000)

    /// The cookie Chromium reports after storing what `command` asks for: a URL gives a host-only cookie of
    /// that host, a domain keeps its dot; a cookie with an expiry is persistent.
    private func stored(_ command: DevTools.Network.SetCookie) -> DevTools.Network.Cookie {
        let host = command.url.flatMap { URL(string: $0)?.host }
        return DevTools.Network.Cookie(
            name: command.name, value: command.value, domain: command.domain ?? host, path: command.path,
            expires: command.expires ?? -1, secure: command.secure, httpOnly: command.httpOnly,
            session: command.expires == nil, sameSite: command.sameSite)
    }

    private func json(_ command: DevTools.Network.SetCookie) throws -> JSONValue {
        try JSONValue.parse(DevTools.parameters(of: command))
    }

    // MARK: - Round trip

    static let cookies: [Cookie] = [
        Cookie(name: "a", value: "1", domain: "localhost"),
        Cookie(name: "b", value: "two words", domain: "mikmik.site", isHostOnly: false, path: "/app", isSecure: false),
        Cookie(name: "c", value: "x", domain: "localhost", expires: Date(timeIntervalSince1970: 1_800_000_000), isHTTPOnly: true),
        Cookie(name: "d", value: "", domain: "example.test", sameSite: .strict),
        Cookie(name: "e", value: "y", domain: "example.test", isHostOnly: false, sameSite: .none),
        Cookie(name: "f", value: "z", domain: "localhost", isSecure: false, sameSite: .unspecified),
    ]

    @Test(arguments: cookies)
    func aCookieWrittenAndReadBackIsTheSame(cookie: Cookie) throws {
        let command = DevToolsCookieMapping.setCookie(cookie)
        #expect(DevToolsCookieMapping.cookie(from: stored(command)) == cookie)
    }

    // MARK: - Writing

    @Test func aHostOnlyCookieIsWrittenByURLWithItsSchemeFromSecure() throws {
        let secure = try json(DevToolsCookieMapping.setCookie(Cookie(name: "a", value: "1", domain: "localhost", path: "/p")))
        #expect(secure["url"] == .string("https://localhost/p"))
        #expect(secure["domain"] == nil)
        let plain = try json(
            DevToolsCookieMapping.setCookie(Cookie(name: "a", value: "1", domain: "localhost", isSecure: false)))
        #expect(plain["url"] == .string("http://localhost/"))
        #expect(plain["secure"] == .bool(false))
    }

    @Test func aDomainCookieIsWrittenWithALeadingDotAndNoURL() throws {
        let written = try json(
            DevToolsCookieMapping.setCookie(Cookie(name: "t", value: "v", domain: "mikmik.site", isHostOnly: false)))
        #expect(written["domain"] == .string(".mikmik.site"))
        #expect(written["url"] == nil)
        #expect(written["path"] == .string("/"))
    }

    @Test func sameSiteIsWrittenUnlessUnspecified() throws {
        for sameSite in Cookie.SameSite.allCases {
            let written = try json(
                DevToolsCookieMapping.setCookie(Cookie(name: "a", value: "1", domain: "localhost", sameSite: sameSite)))
            #expect(written["sameSite"] == (sameSite == .unspecified ? nil : .string(sameSite.rawValue)))
        }
    }

    @Test func anExpiryIsWrittenInSecondsSince1970AndASessionCookieHasNone() throws {
        let persistent = try json(
            DevToolsCookieMapping.setCookie(Cookie(name: "a", value: "1", domain: "localhost", expires: expiry)))
        #expect(persistent["expires"]?.doubleValue == 1_800_000_000)
        let session = try json(DevToolsCookieMapping.setCookie(Cookie(name: "a", value: "1", domain: "localhost")))
        #expect(session["expires"] == nil)
    }

    @Test func flagsAreWrittenAsGiven() throws {
        let written = try json(
            DevToolsCookieMapping.setCookie(
                Cookie(name: "a", value: "1", domain: "localhost", isSecure: true, isHTTPOnly: true)))
        #expect(written["secure"] == .bool(true))
        #expect(written["httpOnly"] == .bool(true))
        #expect(written["name"] == .string("a"))
        #expect(written["value"] == .string("1"))
    }

    @Test func aDeletionCoversTheHostOnlyAndTheDomainCookie() {
        let commands = DevToolsCookieMapping.deleteCookies(named: "t", domain: "mikmik.site", path: "/")
        #expect(commands.map(\.domain) == ["mikmik.site", ".mikmik.site"])
        #expect(commands.allSatisfy { $0.name == "t" && $0.path == "/" })
    }

    // MARK: - Reading

    @Test func aCookieAsChromiumReportsItIsRead() throws {
        let text = """
            {"name":"FCM_token","value":"t1","domain":".mikmik.site","path":"/","expires":1800000000.5,"size":11,
             "httpOnly":false,"secure":true,"session":false,"sameSite":"Lax","priority":"Medium","sameParty":false,
             "sourceScheme":"Secure","sourcePort":443}
            """
        let reported = try JSONDecoder().decode(DevTools.Network.Cookie.self, from: Data(text.utf8))
        #expect(
            DevToolsCookieMapping.cookie(from: reported)
                == Cookie(
                    name: "FCM_token", value: "t1", domain: "mikmik.site", isHostOnly: false, path: "/",
                    expires: Date(timeIntervalSince1970: 1_800_000_000.5), isSecure: true, isHTTPOnly: false, sameSite: .lax))
    }

    @Test func aSessionCookieHasNoExpiryWhateverItsExpiresField() {
        let reported = DevTools.Network.Cookie(name: "a", value: "1", domain: "localhost", expires: -1, session: true)
        #expect(DevToolsCookieMapping.cookie(from: reported)?.expires == nil)
    }

    @Test func missingFieldsReadAsTheDefaultsAndWithoutANameThereIsNoCookie() {
        let bare = DevTools.Network.Cookie(name: "a", value: "1", domain: "localhost")
        #expect(
            DevToolsCookieMapping.cookie(from: bare)
                == Cookie(
                    name: "a", value: "1", domain: "localhost", isHostOnly: true, path: "/", expires: nil, isSecure: false,
                    isHTTPOnly: false, sameSite: .unspecified))
        #expect(DevToolsCookieMapping.cookie(from: DevTools.Network.Cookie(value: "1", domain: "localhost")) == nil)
        #expect(DevToolsCookieMapping.cookie(from: DevTools.Network.Cookie(name: "a", domain: "localhost")) == nil)
        #expect(DevToolsCookieMapping.cookie(from: DevTools.Network.Cookie(name: "a", value: "1")) == nil)
    }
}
