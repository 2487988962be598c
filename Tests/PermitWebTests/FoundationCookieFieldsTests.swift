import Foundation
import PermitWeb
import Testing
import PermitHostSupport

/// How the `WKWebView` host writes a ``Cookie`` as Foundation's `HTTPCookie` and reads it back, modelled on
/// `HTTPCookie` (Apple, "HTTPCookie.domain": a domain without a leading dot is sent "only to the exact host";
/// "HTTPCookieStringPolicy": only `sameSiteLax` and `sameSiteStrict`; "HTTPCookie.isSessionOnly": no expiry).
@Suite struct FoundationCookieFieldsTests {
    @Test func aDomainCookieGetsTheLeadingDotAndAHostOnlyOneDoesNot() {
        let domainCookie = Cookie(name: "a", value: "1", domain: "app.test", isHostOnly: false, path: "/")
        let hostOnly = Cookie(name: "a", value: "1", domain: "app.test", isHostOnly: true, path: "/")
        #expect(FoundationCookieFields(domainCookie).domain == ".app.test")
        #expect(FoundationCookieFields(hostOnly).domain == "app.test")
    }

    @Test func sameSiteNoneAndUnspecifiedAreWrittenWithoutAPolicy() {
        var cookie = Cookie(name: "a", value: "1", domain: "app.test", isHostOnly: true, path: "/", isSecure: true)
        for (sameSite, policy) in [(Cookie.SameSite.lax, FoundationCookieFields.SameSitePolicy.lax), (.strict, .strict)] {
            cookie.sameSite = sameSite
            #expect(FoundationCookieFields(cookie).sameSite == policy)
        }
        for sameSite in [Cookie.SameSite.none, .unspecified] {
            cookie.sameSite = sameSite
            #expect(FoundationCookieFields(cookie).sameSite == nil)
            #expect(FoundationCookieFields(cookie).cookie.sameSite == .unspecified, "read back as unspecified")
        }
    }

    @Test func everyGeneratedCookieSurvivesTheRoundTripButSameSiteNone() {
        var generator = CookieGenerator(seed: 22, now: Date(timeIntervalSince1970: 1_800_000_000))
        for index in 0..<300 {
            var cookie = generator.valid(index: index).cookie
            let back = FoundationCookieFields(cookie).cookie
            if cookie.sameSite == .none { cookie.sameSite = .unspecified }
            #expect(back == cookie, "cookie \(index)")
        }
    }
}
