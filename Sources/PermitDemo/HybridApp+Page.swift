import Foundation
import Permit
import PermitWeb

// The page as the demo reads it: its snapshot, and waits until it shows the app's state.
extension HybridApp {
    /// What the demo page shows, read from the page itself (`window.permitDemo.snapshot()`).
    package func pageSnapshot() async throws -> PageSnapshot? {
        guard let text = try await host.evaluateJavaScript("window.permitDemo ? window.permitDemo.snapshot() : null"),
            text != "null"
        else { return nil }
        return try JSONDecoder().decode(PageSnapshot.self, from: Data(text.utf8))
    }

    /// The statuses the center holds, as the bridge names them: `["camera": "denied", …]`.
    package func expectedPageStatuses() async -> [String: String] {
        guard let center = process?.shell.center else { return [:] }
        var statuses: [String: String] = [:]
        for state in await center.states() { statuses[state.kind.rawValue] = state.status.bridgeStatus.rawValue }
        return statuses
    }

    /// Waits until the demo page shows what the center holds: its statuses, each rendered, and (when they are
    /// mirrored) the `p_…` cookies as page script reads them; returns the snapshot, or throws with the
    /// difference after `timeout`.
    @discardableResult
    package func waitForPageToMatch(timeout: Duration = .seconds(5)) async throws -> PageSnapshot {
        guard let center = process?.shell.center else { throw DemoError("the app is not running") }
        let deadline = ContinuousClock.now + timeout
        var last: PageSnapshot?
        var expectedCookies: [String: String] = [:]
        var expected: [String: String] = [:]
        while true {
            expected = await expectedPageStatuses()
            expectedCookies = configuration.mirrorsPermissionCookies ? await center.cookies() : [:]
            if let snapshot = try await pageSnapshot() {
                last = snapshot
                if snapshot.statuses == expected, snapshot.rendered.mapValues(\.status) == expected,
                    expectedCookies.allSatisfy({ snapshot.cookies[$0.key] == $0.value })
                {
                    return snapshot
                }
            }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw DemoError(
            "the page does not show the app's state: expected \(expected.sortedLine) with cookies "
                + "\(expectedCookies.sortedLine), the page shows \(last.map { "\($0.statuses.sortedLine), rendered \($0.rendered.mapValues(\.status).sortedLine), cookies \($0.cookies.sortedLine)" } ?? "no demo page")")
    }

    /// Waits until `condition` holds for the page's snapshot; throws `failure` after `timeout`.
    @discardableResult
    package func waitForPage(
        _ failure: @autoclosure () -> String, timeout: Duration = .seconds(5),
        until condition: (PageSnapshot) -> Bool
    ) async throws -> PageSnapshot {
        let deadline = ContinuousClock.now + timeout
        var last: PageSnapshot?
        while ContinuousClock.now < deadline {
            if let snapshot = try await pageSnapshot() {
                last = snapshot
                if condition(snapshot) { return snapshot }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw DemoError("\(failure()); the page shows \(last.map { "\($0)" } ?? "no demo page")")
    }

    /// Clicks the element `selector` finds at its centre, as a person would (trusted input events, with user
    /// activation), and returns once the page has received the click there: what follows sees what the click
    /// did. Returns where it clicked.
    ///
    /// - Throws: ``ShellError`` when nothing matches, another element covers it, or the click did not arrive.
    @discardableResult
    package func tap(_ selector: String) async throws -> TapScript.Place {
        guard let found = try await webView.evaluateJavaScriptRevealingExceptions(TapScript.locate(selector)),
            let place = try? JSONDecoder().decode(TapScript.Place.self, from: Data(found.utf8))
        else { throw ShellError("tap: no element matches \(selector)") }
        guard place.reachable else {
            throw ShellError("tap: \(selector) is covered by another element at (\(Int(place.x)), \(Int(place.y)))")
        }
        try await webView.click(x: place.x, y: place.y)
        let arrival = try await webView.evaluateJavaScriptRevealingExceptions(TapScript.arrival)
        guard arrival == #""trusted""# else {
            throw ShellError(
                "tap: the click at (\(Int(place.x)), \(Int(place.y))) did not reach \(selector) (\(arrival ?? "no answer"))")
        }
        return place
    }

    /// Runs page script in the web view and returns its value as JSON text.
    @discardableResult
    package func evaluate(_ script: String) async throws -> String? { try await host.evaluateJavaScript(script) }

    /// Loads the app's page again.
    package func reloadPage() async throws { try await host.load(configuration.pageURL) }
}
