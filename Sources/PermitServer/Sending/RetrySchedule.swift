/// How long to wait before each retry of a push: exponential backoff from `initial`, capped at `maximum`,
/// never shorter than the service's `Retry-After`, for at most `attempts` retries.
package struct RetrySchedule: Sendable, Hashable {
    /// The wait before the first retry; one second by default.
    package var initial: Duration
    /// The longest wait backoff alone reaches; a minute by default (a `Retry-After` may ask for more).
    package var maximum: Duration
    /// How many retries before giving up; five by default.
    package var attempts: Int

    /// Creates a schedule.
    package init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60), attempts: Int = 5) {
        self.initial = initial
        self.maximum = maximum
        self.attempts = attempts
    }

    /// The wait before retry number `retry` (0 for the first), or `nil` when no retry is left.
    ///
    /// For example, with the defaults: 1 s, 2 s, 4 s, 8 s, 16 s, then `nil`; a `Retry-After` of 30 s makes
    /// the first wait 30 s.
    package func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration? {
        guard retry >= 0, retry < attempts else { return nil }
        let backoff = min(maximum, initial * (1 << min(retry, 30)))
        guard let retryAfter else { return backoff }
        return max(backoff, retryAfter)
    }
}
