/// A clock reduced to what Permit needs: the time elapsed since it was made, sleeping, and deadlines.
///
/// Permit takes any `Clock<Duration>` from the caller (`ContinuousClock` live, a test clock in tests) and
/// wraps it here, so that the types that use it need not be generic over the clock. Shared by Permit's
/// modules (`package` access), not part of the public API.
package struct ElapsedClock: Sendable {
    private let elapsedNow: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let untilSleeper: @Sendable (Duration) async throws -> Void

    package init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        self.elapsedNow = { origin.duration(to: clock.now) }
        self.sleeper = { try await clock.sleep(for: $0) }
        self.untilSleeper = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// The time elapsed since the clock was wrapped.
    package var now: Duration { elapsedNow() }

    /// Sleeps for `duration` on the wrapped clock; throws when the task is cancelled.
    package func sleep(for duration: Duration) async throws { try await sleeper(duration) }

    /// Sleeps until the wrapped clock has run `elapsed` since it was wrapped; throws when the task is
    /// cancelled.
    package func sleep(untilElapsed elapsed: Duration) async throws { try await untilSleeper(elapsed) }

    /// A wait that ends `timeout` from now, fixed now: a test clock advanced before the wait starts still
    /// ends it.
    package func deadline(after timeout: Duration) -> @Sendable () async throws -> Void {
        let end = now + timeout
        return { [self] in try await sleep(untilElapsed: end) }
    }
}
