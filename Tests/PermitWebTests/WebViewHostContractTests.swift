import Foundation
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing

/// What every `WebViewHost` promises about scripts, handlers and events, and every `WebCookieStore` about
/// cookies, run against the fake and against each browser engine (when it is available; under `CI=true` always).
@Suite(.serialized, .timeLimit(.minutes(2))) struct WebViewHostContractTests {
    enum HostKind: Sendable, CustomTestStringConvertible {
        case fake
        case engine(Engine)
        var testDescription: String {
            switch self {
            case .fake: "fake"
            case .engine(let engine): engine.rawValue
            }
        }
    }

    static let hosts: [HostKind] = [.fake] + Engine.available.map(HostKind.engine)

    /// Runs `body` against a fresh host of `kind`, and closes it afterwards.
    func withHost(_ kind: HostKind, _ body: (any WebViewHost) async throws -> Void) async throws {
        switch kind {
        case .fake:
            try await body(FakeWebViewHost())
        case .engine(let engine):
            let webView = try await engine.launch()
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
        try await withHost(kind) { webView in
            let host = webView.cookieStore
            let expiry = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400).rounded())
            try await host.setCookie(Cookie(name: "FCM_token", value: "first", domain: "localhost", expires: expiry))
            try await host.setCookie(Cookie(name: "FCM_token", value: "second", domain: "localhost", expires: expiry))
            try await host.setCookie(Cookie(name: "FCM_token", value: "other-path", domain: "localhost", path: "/app", expires: expiry))
            let cookies = try await host.allCookies().filter { $0.name == "FCM_token" }.sorted { $0.path < $1.path }
            #expect(cookies.map(\.value) == ["second", "other-path"])
            let root = try #require(cookies.first)
            #expect(root.domain == "localhost" && root.isHostOnly && root.isSecure && !root.isHTTPOnly)
            #expect(root.sameSite == .lax && root.expires.map { abs($0.timeIntervalSince(expiry)) < 1 } == true)
        }
    }

    @Test(arguments: hosts)
    func deletingRemovesOnlyTheCookieWithThatNameDomainAndPath(kind: HostKind) async throws {
        try await withHost(kind) { webView in
            let host = webView.cookieStore
            try await host.setCookie(Cookie(name: "a", value: "1", domain: "localhost"))
            try await host.setCookie(Cookie(name: "a", value: "2", domain: "localhost", path: "/app"))
            try await host.setCookie(Cookie(name: "b", value: "3", domain: "localhost"))
            try await host.deleteCookie(named: "a", domain: "localhost", path: "/")
            try await host.deleteCookie(named: "missing", domain: "localhost", path: "/")
            let left = try await host.allCookies().map { "\($0.name)\($0.path)=\($0.value)" }.sorted()
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
    func removalsCompleteInACancelledTask(kind: HostKind) async throws {
        // WebBridge takes itself out of the web view when its run() is cancelled, in the cancelled task.
        try await withHost(kind) { host in
            let script = try await host.addUserScript("window.removedScript = 1;")
            try await host.addMessageHandler(named: "removedHandler") { _ in "" }
            let fake = host as? FakeWebViewHost
            let page = URL(string: "data:text/html,<p>a document</p>")!
            // First, both are there: in the engine's next document, or in the fake's record.
            if let fake {
                #expect(await fake.userScripts.map(\.id) == [script])
                #expect(await fake.hasHandler(named: "removedHandler"))
            } else {
                try await host.load(page)
                #expect(try await host.evaluateJavaScript("window.removedScript") == "1")
                #expect(try await host.evaluateJavaScript("typeof window.webkit?.messageHandlers?.removedHandler") == #""object""#)
            }
            let removal = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try await host.removeUserScript(script)
                try await host.removeMessageHandler(named: "removedHandler")
            }
            try await removal.value
            if let fake {
                #expect(await fake.userScripts.isEmpty)
                #expect(await !fake.hasHandler(named: "removedHandler"))
            } else {
                try await host.load(page)
                #expect(try await host.evaluateJavaScript("typeof window.removedScript") == #""undefined""#)
                #expect(try await host.evaluateJavaScript("typeof window.webkit?.messageHandlers?.removedHandler") == #""undefined""#)
            }
        }
    }

    @Test(arguments: hosts)
    func everyCookieWriteAndDeletionIsReportedAsAChange(kind: HostKind) async throws {
        try await withHost(kind) { webView in
            let store = webView.cookieStore
            var changes = store.changes().makeAsyncIterator()
            try await store.setCookie(Cookie(name: "a", value: "1", domain: "localhost"))
            #expect(await changes.next() != nil)
            #expect(try await store.cookies(named: "a").map(\.value) == ["1"])
            try await store.deleteCookie(named: "a", domain: "localhost", path: "/")
            #expect(await changes.next() != nil)
            #expect(try await store.cookies(named: "a").isEmpty)
        }
    }

    @Test(arguments: hosts)
    func everyEventSequenceSeesEachEventInOrderUntilItIsReleased(kind: HostKind) async throws {
        try await withHost(kind) { host in
            let page = URL(string: "data:text/html,<p>one</p>")!
            var first: WebViewEvents.Iterator? = host.events().makeAsyncIterator()
            let second = EventLog(following: host.events())
            try await host.load(page)
            await second.wait(for: .loaded(page))
            #expect(await first?.next() == .navigated(page))
            #expect(await first?.next() == .loaded(page))
            first = nil  // released: its subscription ends
            let next = URL(string: "data:text/html,<p>two</p>")!
            try await host.load(next)
            await second.wait(for: .loaded(next))
            #expect(second.all == [.navigated(page), .loaded(page), .navigated(next), .loaded(next)])
        }
    }
}
