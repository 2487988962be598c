import Foundation
import Permit
import PermitWeb
import Testing

@Suite struct CookieTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    // MARK: - Validation

    @Test func twoHundredGeneratedCookiesAreValidForTheirHost() throws {
        var generator = CookieGenerator(seed: 7, now: now)
        for index in 0..<200 {
            let generated = generator.valid(index: index)
            #expect(throws: Never.self, "\(generated.cookie.setCookieHeader)") {
                try generated.cookie.validate(forHost: generated.host, now: now)
            }
        }
    }

    @Test func everyBrokenRuleGetsItsOwnError() throws {
        var generator = CookieGenerator(seed: 7, now: now)
        let invalid = generator.invalid()
        #expect(invalid.count >= 50)
        for item in invalid {
            do {
                try item.cookie.validate(forHost: item.host, now: now)
                Issue.record("\(item.broken): accepted")
            } catch {
                #expect(error == item.expected, "\(item.broken): \(error)")
            }
        }
    }

    @Test func theSeedsPushTokenCookieIsValidForTheSiteAndItsSubdomains() throws {
        let token = "fMEP0vJqS0:APA91bHqX" + String(repeating: "x_Y-9", count: 28)
        let cookie = Cookie(
            name: "FCM_token", value: token, domain: "mikmik.site", isHostOnly: false,
            expires: now.addingTimeInterval(365 * 86_400))
        try cookie.validate(forHost: "mikmik.site", now: now)
        try cookie.validate(forHost: "app.mikmik.site", now: now)
        #expect(throws: CookieError.domainMismatch) { try cookie.validate(forHost: "mikmik.site.evil.test", now: now) }
    }

    @Test func limitsAreInclusive() throws {
        let exactly = Cookie(name: "n", value: String(repeating: "v", count: 4_095), domain: "a.test", expires: now.addingTimeInterval(400 * 86_400))
        try exactly.validate(forHost: "a.test", now: now)
        #expect(throws: CookieError.tooLarge) {
            try Cookie(name: "nn", value: exactly.value, domain: "a.test").validate(forHost: "a.test", now: now)
        }
    }

    @Test func errorsNameTheRuleButNeverTheValue() {
        let secret = "secret token"
        do {
            try Cookie(name: "FCM_token", value: secret, domain: "a.test").validate(forHost: "a.test", now: now)
            Issue.record("a value with a space was accepted")
        } catch {
            #expect(error == .invalidValue)
            #expect(error.description == "cookie value is not RFC 6265 cookie-octet text: character at byte 6 is not allowed")
            #expect(!error.description.contains("secret"))
        }
    }

    @Test func typedErrorsMatchInCatchClauses() {
        func classify(_ cookie: Cookie) -> String {
            do throws(CookieError) {
                try cookie.validate(forHost: "a.test", now: now)
                return "valid"
            } catch .invalidValue {
                return "value"
            } catch {
                return "other"
            }
        }
        #expect(classify(Cookie(name: "n", value: "a;b", domain: "a.test")) == "value")
        #expect(classify(Cookie(name: "n;", value: "ab", domain: "a.test")) == "other")
        #expect(classify(Cookie(name: "n", value: "ab", domain: "a.test")) == "valid")
    }

    // MARK: - Serialization

    @Test func setCookieHeaderListsEveryAttributeInOrder() {
        let cookie = Cookie(
            name: "FCM_token", value: "abc:123", domain: "mikmik.site", isHostOnly: false, path: "/app",
            expires: Date(timeIntervalSince1970: 1_800_000_000.75), isSecure: true, isHTTPOnly: true, sameSite: .strict)
        #expect(
            cookie.setCookieHeader
                == "FCM_token=abc:123; Expires=Fri, 15 Jan 2027 08:00:00 GMT; Domain=mikmik.site; Path=/app; Secure; HttpOnly; SameSite=Strict")
        let session = Cookie(name: "p_Camera", value: "no", domain: "a.test", isSecure: false)
        #expect(session.setCookieHeader == "p_Camera=no; Path=/; SameSite=Lax")
        let unspecified = Cookie(name: "n", value: "v", domain: "a.test", sameSite: .unspecified)
        #expect(unspecified.setCookieHeader == "n=v; Path=/; Secure")
    }

    @Test(arguments: [
        (0.0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110's example
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func imfFixdateOfKnownInstants(seconds: Double, expected: String) {
        #expect(Cookie.imfFixdate(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func imfFixdateAgreesWithAPOSIXFormatterOverThousandsOfDates() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var seconds = 0.0
        for _ in 0..<5_000 {
            seconds += 1_234_567.891  // walks across 195 years of leap days, months and weekdays
            let date = Date(timeIntervalSince1970: seconds.rounded(.down))
            #expect(Cookie.imfFixdate(date) == formatter.string(from: date))
        }
    }
}
