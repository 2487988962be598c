import Foundation
import Logging
import PermitChromium
import PermitTesting
import PermitWeb
import Testing

/// What every `WebViewHost` promises about scripts, handlers and its cookie store, run against the fake and
/// against headless Chromium (when it is available; under `CI=true` always).
@Suite(.serialized, .timeLimit(.minutes(2))) struct WebViewHostContractTests {
    enum HostKind: String, CaseIterable, CustomTestStringConvertible {
        case fake, chromium
        var testDescription: String { rawValue }
    }

    static let hosts: [HostKind] = browserAvailable ? HostKind.allCases : [.fake]

    /// Runs `body` against a fresh host of `kind`, and closes it afterwards.
    func withHost(_ kind: HostKind, _ body: (any WebViewHost) async throws -> Void) async throws {
        switch kind {
        case .fake:
            try await body(FakeWebViewHost())
        case .chromium:
            let webView = try await ChromiumWebView.launch(logger: quietLogger)
            do {
                try await body(webView)
            } catch {
                await webView.close()
                throw error
            }
            await webView.close()
        }
    }

    @Test(arguments: hosts)
    func aCookieWithTheSameNameDomainAndPathReplacesTheOldOne(kind: HostKind) async throws {
        try await withHost(kind) { host in
            let expiry = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400).rounded())
            try await host.setCookie(Cookie(name: "FCM_token", value: "first", domain: "localhost", expires: expiry))
            try await host.setCookie(Cookie(name: "FCM_token", value: "second", domain: "localhost", expires: expiry))
            try await host.setCookie(Cookie(name: "FCM_token", value: "other-path", domain: "localhost", path: "/app", expires: expiry))
            let cookies = try await host.cookies().filter { $0.name == "FCM_token" }.sorted { $0.path < $1.path }
            #expect(cookies.map(\.value) == ["second", "other-path"])
            let root = try #require(cookies.first)
            #expect(root.domain == "localhost" && root.isHostOnly && root.isSecure && !root.isHTTPOnly)
            #expect(root.sameSite == .lax && root.expires.map { abs($0.timeIntervalSince(expiry)) < 1 } == true)
        }
    }

    @Test(arguments: hosts)
    func deletingRemovesOnlyTheCookieWithThatNameDomainAndPath(kind: HostKind) async throws {
        try await withHost(kind) { host in
            try await host.setCookie(Cookie(name: "a", value: "1", domain: "localhost"))
            try await host.setCookie(Cookie(name: "a", value: "2", domain: "localhost", path: "/app"))
            try await host.setCookie(Cookie(name: "b", value: "3", domain: "localhost"))
            try await host.deleteCookie(named: "a", domain: "localhost", path: "/")
            try await host.deleteCookie(named: "missing", domain: "localhost", path: "/")
            let left = try await host.cookies().map { "\($0.name)\($0.path)=\($0.value)" }.sorted()
            #expect(left == ["a/app=2", "b/=3"])
        }
    }

    @Test(arguments: hosts)
    func scriptsGetDistinctIdentifiersAndRemovingOneTwiceIsHarmless(kind: HostKind) async throws {
        try await withHost(kind) { host in
            let first = try await host.addUserScript("window.first = 1;")
            let second = try await host.addUserScript("window.second = 2;")
            #expect(first != second)
            try await host.removeUserScript(first)
            try await host.removeUserScript(first)
            try await host.removeMessageHandler(named: "never-added")
        }
    }

    @Test(arguments: hosts)
    func everyObserverSeesEachEventInOrderUntilItIsRemoved(kind: HostKind) async throws {
        try await withHost(kind) { host in
            let page = URL(string: "data:text/html,<p>one</p>")!
            let first = EventLog()
            let second = EventLog()
            let firstID = await host.addEventObserver { first.append($0) }
            let secondID = await host.addEventObserver { event in
                // Runs after the first observer has handled the event.
                if event == .loaded(page), !first.all.contains(event) { second.append(.terminated(reason: "out of order")) }
                second.append(event)
            }
            #expect(firstID != secondID)
            try await host.load(page)
            await second.wait(for: .loaded(page))
            await host.removeEventObserver(firstID)
            let next = URL(string: "data:text/html,<p>two</p>")!
            try await host.load(next)
            await second.wait(for: .loaded(next))
            #expect(first.all == [.navigated(page), .loaded(page)])
            #expect(second.all == [.navigated(page), .loaded(page), .navigated(next), .loaded(next)])
        }
    }
}
