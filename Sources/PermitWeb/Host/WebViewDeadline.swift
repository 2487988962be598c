import Permit
import PermitSupport

/// Runs a web view operation whose completion may never come, and gives up on it after a deadline.
///
/// `WKHTTPCookieStore`'s completion handlers and `WKWebView`'s navigation callbacks are not guaranteed: a
/// completion that never arrives (the network process is busy or was killed) would block every later cookie
/// write, and every load that waits for them. The `WKWebView` host runs each such wait through this, so that it
/// ends, and carries on. The abandoned operation is left to finish on its own, if ever: it is not cancelled,
/// because a system completion cannot be taken back.
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

    /// Returns what `operation` returns, or throws ``Exceeded`` once `timeout` has passed on `clock` first.
    package static func run<T: Sendable, C: Clock>(
        within timeout: Duration, clock: C = ContinuousClock(),
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T where C.Duration == Duration {
        let pending = Locked<CheckedContinuation<T, any Error>?>(nil)
        let finish: @Sendable (Result<T, any Error>) -> Void = { result in
            pending.withLock { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }
        // Fixed now, so that the deadline does not move however late the timer task starts.
        let deadline = clock.now.advanced(by: timeout)
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            pending.withLock { $0 = continuation }
            Task {
                do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
            }
            timer = Task {
                // A deadline already reached is not slept for: a clock may suspend a sleep until its own instant.
                if clock.now < deadline {
                    guard (try? await clock.sleep(until: deadline, tolerance: nil)) != nil else { return }
                }
                finish(.failure(Exceeded(timeout: timeout)))
            }
        }
    }
}
