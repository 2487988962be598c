import Permit
import PermitSupport

/// Runs a web view operation whose completion may never come, and gives up on it after a deadline.
///
/// `WKHTTPCookieStore`'s completion handlers and `WKWebView`'s navigation callbacks are not guaranteed: a
/// completion that never arrives (the network process is busy or was killed) would block every later cookie
/// write, and every load that waits for them. The `WKWebView` host runs each such wait through this, so that it
/// ends, and carries on. The abandoned operation is left to finish on its own, if ever (``DeadlineRace``): its
/// task is cancelled, which does not take back a system completion.
///
/// For example:
///
/// ```swift
/// try await WebViewDeadline.run(within: .seconds(5)) { await store.setCookie(cookie) }
/// ```
package enum WebViewDeadline {
    /// The operation did not finish in time.
    package struct Exceeded: Error, Equatable, CustomStringConvertible {
        /// How long the operation was given.
        package let timeout: Duration

        /// Creates the error for an operation given `timeout`.
        package init(timeout: Duration) { self.timeout = timeout }

        /// A sentence naming the wait, without user data.
        package var description: String { "the web view did not answer within \(timeout)" }
    }

    /// Returns what `operation` returns, or throws ``Exceeded`` once `timeout` has passed on `clock` first, or
    /// `CancellationError` at once when the calling task is cancelled.
    package static func run<T: Sendable, C: Clock>(
        within timeout: Duration, clock: C = ContinuousClock(),
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T where C.Duration == Duration {
        switch try await DeadlineRace.run(within: timeout, clock: clock, operation) {
        case .finished(let result): return try result.get()
        case .expired: throw Exceeded(timeout: timeout)
        }
    }
}
