import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PermitServer
import Testing

@Suite struct GrantRatesPageTests {
    @Test func eachKindHasAChartScaledToItsLargestCountAndATable() {
        let html = GrantRatesPage.html(
            [
                GrantDay(day: "2026-05-29", kind: "camera", counts: GrantCounts(granted: 1, denied: 3, changedMind: 1)),
                GrantDay(day: "2026-05-28", kind: "camera", counts: GrantCounts(granted: 4)),
                GrantDay(day: "2026-05-28", kind: "location", counts: GrantCounts(granted: 1, denied: 1)),
            ], from: "2026-05-28", through: "2026-05-29")
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        let camera = String(html[html.range(of: "id=\"kind-camera\"")!.lowerBound..<html.range(of: "id=\"kind-location\"")!.lowerBound])
        // Four grants on the 28th fill the chart's height (160) and label its top; one grant on the 29th is a
        // quarter of it. Each day has a slot of 320 with its two bars (24 wide at most) side by side in the middle.
        #expect(camera.contains(#"<text class="axis" x="0" y="10">4</text>"#))
        #expect(camera.contains(#"class="granted" x="136" y="0" width="24" height="160"><title>2026-05-28: 4 granted"#))
        #expect(camera.contains(#"class="granted" x="456" y="120" width="24" height="40"><title>2026-05-29: 1 granted"#))
        #expect(camera.contains(#"class="denied" x="480" y="40" width="24" height="120"><title>2026-05-29: 3 denied"#))
        #expect(camera.contains(#"text-anchor="middle">05-29</text>"#))
        // Days in order in the table, with the day's rate and the period's.
        #expect(camera.range(of: "2026-05-28</td>")!.lowerBound < camera.range(of: "2026-05-29</td>")!.lowerBound)
        #expect(camera.contains("<td>2026-05-29</td><td>4</td><td>1</td><td>3</td><td>1</td><td>25 %</td>"))
        #expect(camera.contains("63 % of those asked granted"))
        #expect(html.contains("never a history of one person"))
    }

    @Test func textFromTheRegistryIsEscaped() {
        let html = GrantRatesPage.html(
            [GrantDay(day: "2026-05-28", kind: "<script>x</script>", counts: GrantCounts(granted: 1))],
            from: "2026-05-28", through: "2026-05-28")
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        #expect(GrantRatesPage.html([], from: "a", through: "b").contains("No permission was reported"))
    }

    @Test func thePageAsksForTheKeyAsABasicPasswordAndServesTheChart() async throws {
        try await ServerWorld.run { _, client in
            for (installation, camera) in [("a", "yes"), ("b", "no")] {
                try await client.execute(uri: "/", method: .get,
                                         headers: [.cookie: "permit_installation=\(installation); p_Camera=\(camera)"]) { _ in }
            }
            try await client.execute(uri: "/permit/grant-rates.html", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=") == true)
            }
            let wrong = "Basic " + Data("anyone:wrong-key".utf8).base64EncodedString()
            try await client.execute(uri: "/permit/grant-rates.html", method: .get, headers: [.authorization: wrong]) { response in
                #expect(response.status == .unauthorized)
            }
            let right = "Basic " + Data("anyone:\(ServerWorld.adminKey)".utf8).base64EncodedString()
            try await client.execute(uri: "/permit/grant-rates.html?from=2026-05-01&through=2026-06-30", method: .get,
                                     headers: [.authorization: right]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = String(buffer: response.body)
                #expect(html.contains("<h2>camera</h2>"))
                #expect(html.contains("<svg"))
                #expect(html.contains("2026-05-01 to 2026-06-30"))
            }
            try await client.execute(uri: "/permit/grant-rates.html?from=May", method: .get, headers: [.authorization: right]) { response in
                #expect(response.status == .badRequest)
            }
        }
    }
}
