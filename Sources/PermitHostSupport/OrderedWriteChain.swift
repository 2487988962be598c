import Permit
import PermitWeb

/// Runs writes one after another in the order they were asked for, each for at most a timeout: the `WKWebView`
/// host's cookie writes go through one.
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
    /// The last write enqueued (its value: whether it finished in time); each new one waits for it.
    private var last: Task<Bool, Never>?

    /// A chain whose writes each get `timeout` on `clock`.
    package init(timeout: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.timeout = timeout
        self.clock = clock
    }

    /// Runs `write` after every write enqueued before it, and returns whether it finished within ``timeout``.
    @discardableResult
    package func enqueue(_ write: @escaping @MainActor @Sendable () async -> Void) async -> Bool {
        let previous = last
        let timeout = timeout
        let clock = clock
        // Task: single-flight handle of the chain's last write; a caller cancelled meanwhile must not cut the chain.
        let finished = Task { () -> Bool in
            _ = await previous?.value
            return (try? await WebViewDeadline.run(within: timeout, clock: clock) { @MainActor in await write() }) != nil
        }
        last = finished
        return await finished.value
    }

    /// Waits until every write enqueued so far has ended or timed out.
    package func drain() async {
        _ = await last?.value
    }
}
