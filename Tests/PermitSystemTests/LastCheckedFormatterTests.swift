import Foundation
import PermitSystem
import Testing

@Suite struct LastCheckedFormatterTests {
    @Test(arguments: [
        ("en_US", 300.0, "Last checked: 5 minutes ago"),
        ("en_US", 10800.0, "Last checked: 3 hours ago"),
        ("en_US", 0.0, "Last checked: now"),
        ("en_US", 0.4999, "Last checked: now"),
        ("en_US", -20.0, "Last checked: now"),
        ("en_US", 59.4, "Last checked: 59 seconds ago"),
        ("en_US", 89.999, "Last checked: 1 minute ago"),
        ("en_US", 90.0, "Last checked: 2 minutes ago"),
        ("en_US", 3599.0, "Last checked: 1 hour ago"),
        ("en_US", 5399.999, "Last checked: 1 hour ago"),
        ("fr_FR", 300.0, "Last checked: il y a 5 minutes"),
        ("de_DE", 300.0, "Last checked: vor 5 Minuten"),
    ])
    func theRelativeTimeFollowsTheLocale(locale: String, elapsed: Double, expected: String) {
        let formatter = LastCheckedFormatter(locale: Locale(identifier: locale))
        #expect(formatter.string(checkedAt: referenceDate, now: referenceDate.addingTimeInterval(elapsed)) == expected)
    }

    @Test func theTimeIsMeasuredFromTheNowGivenNotTheClock() {
        let formatter = LastCheckedFormatter(locale: Locale(identifier: "en_US"))
        let longAgo = Date(timeIntervalSince1970: 0)
        let farAhead = Date(timeIntervalSince1970: 4_000_000_000)
        #expect(formatter.relativeTime(checkedAt: longAgo, now: longAgo.addingTimeInterval(120)) == "2 minutes ago")
        #expect(formatter.relativeTime(checkedAt: farAhead, now: farAhead.addingTimeInterval(7200)) == "2 hours ago")
        #expect(formatter.relativeTime(checkedAt: farAhead, now: farAhead) == "now")
    }

    @Test func theSentencesComeFromTheStringsTable() {
        let french = LastCheckedFormatter(
            locale: Locale(identifier: "fr_FR"),
            strings: .init(lastChecked: "Dernière vérification : {time}", never: "Jamais vérifié"))
        #expect(french.string(checkedAt: referenceDate, now: referenceDate.addingTimeInterval(120))
            == "Dernière vérification : il y a 2 minutes")
        #expect(french.string(checkedAt: nil, now: referenceDate) == "Jamais vérifié")
        #expect(LastCheckedFormatter().string(checkedAt: nil, now: referenceDate) == "Not checked yet")
    }
}
