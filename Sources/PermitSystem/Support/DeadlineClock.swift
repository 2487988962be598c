/// A clock reduced to what the check runner needs: a deadline fixed now, and a way to wait for it.
///
/// Permit takes any `Clock<Duration>` (`ContinuousClock` live, a test clock in tests) and wraps it here, so
/// that the runner need not be generic over the clock. The deadline is fixed when ``deadline(after:)`` is
/// called, so a test clock advanced before a waiter starts waiting still ends the wait.
struct DeadlineClock: Sendable {
    private let makeDeadline: @Sendable (Duration) -> @Sendable () async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        self.makeDeadline = { timeout in
            let deadline = clock.now.advanced(by: timeout)
            return { try await clock.sleep(until: deadline, tolerance: nil) }
        }
    }

    /// A wait that ends `timeout` from now, or throws when the waiting task is cancelled.
    func deadline(after timeout: Duration) -> @Sendable () async throws -> Void { makeDeadline(timeout) }
}
