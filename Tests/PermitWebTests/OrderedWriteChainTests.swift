import Clocks
import PermitWeb
import Testing
import PermitHostSupport

/// The `WKWebView` host's cookie writes: `WKHTTPCookieStore` applies writes as their completions arrive, and a
/// completion may never arrive. Writes run in the order asked, each for at most a timeout, and a write that
/// reads the host's cookies reads them when it runs, so a cookie deleted before a crash re-write stays deleted.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct OrderedWriteChainTests {
    /// The store the writes land in, and the host's record of the cookies it set.
    @MainActor final class Store {
        var cookies: [String: String] = [:]
        var recorded: [String: String] = [:]
        var log: [String] = []
    }

    @Test func writesApplyInTheOrderAsked() async {
        let chain = OrderedWriteChain(timeout: .seconds(5), clock: TestClock<Duration>())
        let store = Store()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let first = Task { await chain.enqueue { for await _ in gate { break }; store.log.append("set a") } }
        let second = Task { await chain.enqueue { store.log.append("delete a") } }
        await Task.yield()
        open.yield()
        #expect(await first.value)
        #expect(await second.value)
        #expect(store.log == ["set a", "delete a"], "the delete waited for the slow write")
    }

    @Test func aWriteThatNeverEndsTimesOutAndTheNextRuns() async {
        let clock = TestClock<Duration>()
        let chain = OrderedWriteChain(timeout: .seconds(5), clock: clock)
        let store = Store()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let stuck = Task {
            await chain.enqueue {
                didStart.yield()
                for await _ in AsyncStream<Void>(Void.self, { _ in }) {}  // a completion that never comes
            }
        }
        let next = Task { await chain.enqueue { store.log.append("next") } }
        for await _ in started { break }
        await clock.advance(by: .seconds(5))
        #expect(await stuck.value == false)
        #expect(await next.value)
        #expect(store.log == ["next"])
    }

    @Test func aRewriteReadsTheCookiesWhenItRunsSoADeleteBeforeItHolds() async {
        // The host's record of the cookies it set, and the crash re-write that replays it.
        let chain = OrderedWriteChain(timeout: .seconds(5), clock: TestClock<Duration>())
        let store = Store()
        store.recorded = ["token": "v1", "p_Camera": "yes"]
        let (gate, open) = AsyncStream<Void>.makeStream()
        let slow = Task { await chain.enqueue { for await _ in gate { break }; store.cookies["token"] = "v1" } }
        store.recorded["token"] = nil  // deleteCookie: recorded at once, then queued
        let delete = Task { await chain.enqueue { store.cookies["token"] = nil } }
        let rewrite = Task {
            await chain.enqueue {
                for (name, value) in store.recorded { store.cookies[name] = value }
            }
        }
        await Task.yield()
        open.yield()
        _ = await (slow.value, delete.value, rewrite.value)
        #expect(store.cookies == ["p_Camera": "yes"], "the deleted cookie did not come back")
    }
}

/// `WKUserContentController` can remove only all scripts: removing Permit's must add back the app's and other
/// SDKs' scripts, in order.
@Suite struct UserScriptListTests {
    final class Script {
        let source: String
        init(_ source: String) { self.source = source }
    }

    @Test func onlyTheRemovedScriptGoesAndTheOthersKeepTheirOrder() {
        let analytics = Script("analytics()"), permit = Script("permit()"), app = Script("app()")
        let remaining = UserScriptList.remaining([analytics, permit, app], removing: permit, source: \.source)
        #expect(remaining.map(\.source) == ["analytics()", "app()"])
    }

    @Test func aCopyIsFoundByItsSourceAndOnlyOneGoes() {
        let permit = Script("permit()"), copy = Script("permit()"), other = Script("permit()")
        let remaining = UserScriptList.remaining([copy, other], removing: permit, source: \.source)
        #expect(remaining.count == 1)
        #expect(remaining.first === other)
    }

    @Test func aScriptNotThereRemovesNothing() {
        let a = Script("a()")
        #expect(UserScriptList.remaining([a], removing: Script("b()"), source: \.source).map(\.source) == ["a()"])
    }
}
