import Foundation
import Logging
import PermitChromium
import PermitServer
import Testing

/// Whether Chromium runs here: installed, or this is CI, where its absence fails.
private let chromiumAvailable =
    ProcessInfo.processInfo.environment["CI"] == "true" || ChromiumWebView.locateExecutable() != nil

/// The grant page as a person sees it, rendered by headless Chromium.
@Suite(.enabled(if: chromiumAvailable, "Chromium is not installed (scripts/setup installs it); under CI=true this fails instead"))
struct GrantRatesPageInBrowserTests {
    /// Counts as the JSON gives them (`asked` included, as days counted by the first schema hold it).
    static func counts(asked: Int, granted: Int, denied: Int, changedMind: Int = 0) throws -> GrantCounts {
        try JSONDecoder().decode(GrantCounts.self, from: Data(
            #"{"asked":\#(asked),"granted":\#(granted),"denied":\#(denied),"changedMind":\#(changedMind)}"#.utf8))
    }

    /// Days that misled before: more granted than asked (a cookie's `no` turning `yes`, counted as a grant and no
    /// question), a grant with no one asked, a denial hidden in a 100 %, and 199 of 200 rounding up.
    static func days() throws -> [GrantDay] {
        [
            GrantDay(day: "2026-05-26", kind: "camera", counts: try counts(asked: 2, granted: 3, denied: 0)),
            GrantDay(day: "2026-05-27", kind: "camera", counts: try counts(asked: 4, granted: 4, denied: 1, changedMind: 1)),
            GrantDay(day: "2026-05-28", kind: "camera", counts: try counts(asked: 5, granted: 2, denied: 3)),
            GrantDay(day: "2026-05-27", kind: "location", counts: try counts(asked: 0, granted: 6, denied: 0)),
            GrantDay(day: "2026-05-28", kind: "notifications", counts: try counts(asked: 200, granted: 199, denied: 1)),
        ]
    }

    @Test func thePageShowsRatesWithinAHundredPercentAndSaysWhichReportsCanShowADenial() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let page = folder.url.appendingPathComponent("grant-rates.html")
        try Data(GrantRatesPage.html(try Self.days(), from: "2026-05-26", through: "2026-05-28").utf8).write(to: page)

        let browser = try await ChromiumWebView.launch(
            configuration: ChromiumConfiguration(windowSize: (760, 1900)), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        do {
            try await browser.load(page)
            let seen = try #require(try await browser.evaluateJavaScript("""
                (() => {
                    const text = document.body.innerText;
                    const percents = [...text.matchAll(/(\\d+) %/g)].map(m => Number(m[1]));
                    const summary = kind => document.querySelector(`#kind-${kind} .summary`).innerText;
                    const rows = kind => [...document.querySelectorAll(`#kind-${kind} tr`)].slice(1)
                        .map(tr => [...tr.children].map(td => td.innerText));
                    const sources = document.getElementById('sources');
                    const bars = [...document.querySelectorAll('rect')].map(r => r.getBBox())
                        .filter(b => b.height > 0 && (b.y < 0 || b.y + b.height > 160.01));
                    return {
                        percents, camera: summary('camera'), location: summary('location'),
                        notifications: summary('notifications'), cameraRows: rows('camera'),
                        sources: sources ? sources.innerText : '', sourcesShown: sources ? sources.offsetHeight > 0 : false,
                        barsOutside: bars.length,
                        overflows: document.documentElement.scrollWidth > window.innerWidth,
                        sections: document.querySelectorAll('section').length,
                    };
                })()
                """))
            struct Seen: Decodable {
                var percents: [Int]
                var camera, location, notifications: String
                var cameraRows: [[String]]
                var sources: String
                var sourcesShown: Bool
                var barsOutside: Int
                var overflows: Bool
                var sections: Int
            }
            let shown = try JSONDecoder().decode(Seen.self, from: Data(seen.utf8))
            #expect(shown.sections == 3)
            #expect(!shown.percents.isEmpty && shown.percents.allSatisfy { $0 <= 100 })
            // Asked is granted plus denied on every day: 3 + 0, 4 + 1, 2 + 3.
            #expect(shown.cameraRows.map { Array($0.prefix(4)) } == [
                ["2026-05-26", "3", "3", "0"], ["2026-05-27", "5", "4", "1"], ["2026-05-28", "5", "2", "3"],
            ])
            #expect(shown.cameraRows.map(\.last) == ["100 %", "80 %", "40 %"])
            #expect(shown.camera.hasPrefix("13 asked: 9 granted, 4 denied; 69 % of those asked granted."))
            // Grants with no denial: the rate is 100 %, and the page says cookies could not have shown a denial.
            #expect(shown.location.contains("6 asked: 6 granted, 0 denied; 100 %"))
            #expect(shown.location.contains("if this kind is reported by cookies alone, none could be"))
            #expect(!shown.location.contains("no one asked"))
            // 199 of 200 is not shown as 100 %.
            #expect(shown.notifications.contains("99 % of those asked granted"))
            #expect(shown.sources.contains("Native reports"))
            #expect(shown.sources.contains("Cookies"))
            #expect(shown.sources.contains("never counted as a denial"))
            #expect(shown.sourcesShown)
            #expect(shown.barsOutside == 0)
            #expect(!shown.overflows)

            let png = try await browser.screenshot()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // Set PERMIT_SCREENSHOTS to a folder to keep the picture and look at it.
            if let keep = ProcessInfo.processInfo.environment["PERMIT_SCREENSHOTS"] {
                try png.write(to: URL(fileURLWithPath: keep).appendingPathComponent("grant-rates.png"))
            }
        } catch {
            await browser.close()
            throw error
        }
        await browser.close()
    }
}
