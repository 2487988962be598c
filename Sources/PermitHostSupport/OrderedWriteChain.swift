import Permit
import PermitWeb

/// Runs writes one after another in the order they were asked for (a ``SerialChain``), each for at most a
/// timeout: the `WKWebView` host's cookie writes go through one.
///
/// `WKHTTPCookieStore` applies writes as their completions arrive, so two writes started at once (a delete, then
/// a re-write of every cookie after a crash) can land in either order, and a deleted cookie can come back. A
/// chain starts each write only when the one before it ended. A completion that never comes must not block
/// every later write: each write gets ``timeout`` (`WebViewDeadline`), and the next one starts when it ends or
/// times out.
///
/// A write that reads state (a re-write of "every cookie set and not deleted") reads it when it runs, not when
/// it was enqueued: a delete asked for before it has then been recorded.
///
/// For example:
///
/// ```swift
/// let chain = OrderedWriteChain(timeout: .seconds(5))
/// let stored = await chain.enqueue { await store.setCookie(cookie) }   // false: timed out
/// ```
@MainActor
package final class OrderedWriteChain {
    /// How long one write may take.
    package let timeout: Duration
    private let clock: any Clock<Duration>
    /// The writes in order; a caller cancelled meanwhile must not cut the chain.
    private let chain = SerialChain()

    /// A chain whose writes each get `timeout` on `clock`.
    package init(timeout: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.timeout = timeout
        self.clock = clock
    }

    /// Runs `write` after every write enqueued before it, and returns whether it finished within ``timeout``.
    @discardableResult
    package func enqueue(_ write: @escaping @MainActor @Sendable () async -> Void) async -> Bool {
        let timeout = timeout
        let clock = clock
        let finished = try? await chain.run {
            (try? await WebViewDeadline.run(within: timeout, clock: clock) { @MainActor in await write() }) != nil
        }
        return finished ?? false
    }

    /// Waits until every write enqueued so far has ended or timed out.
    package func drain() async {
        await chain.drain()
    }
}
