/// A clock reduced to what Permit needs: the time elapsed since it was made, and sleeping.
///
/// Permit takes any `Clock<Duration>` from the caller (`ContinuousClock` live, a test clock in tests) and
/// wraps it here, so that the types that use it need not be generic over the clock.
struct ElapsedClock: Sendable {
    private let elapsedNow: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        self.elapsedNow = { origin.duration(to: clock.now) }
        self.sleeper = { try await clock.sleep(for: $0) }
    }

    /// The time elapsed since the clock was wrapped.
    var now: Duration { elapsedNow() }

    /// Sleeps for `duration` on the wrapped clock; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws { try await sleeper(duration) }
}
