import PermitSupport

/// A clock that moves only when the test moves it: for the prompt policy's cooldown, a feature's timeout or
/// any other code that takes a `Clock`, with no real waiting.
///
/// A sleep on it returns once ``advance(by:)`` has moved the clock to its deadline or past it, and throws
/// `CancellationError` when its task is cancelled first.
///
/// For example, the policy's 10-second cooldown:
///
/// ```swift
/// let clock = SimulatedClock()
/// let policy = PromptPolicy(manifest: manifest, center: center, clock: clock, logger: logger)
/// await policy.finishStartup()
/// _ = try await policy.request(.notifications)                      // prompts; the cooldown starts
/// #expect(try await policy.nextStep(for: .camera) == .suppressed(.coolingDown))
/// clock.advance(by: .seconds(10))
/// #expect(try await policy.nextStep(for: .camera) == .showSystemPrompt)
/// ```
public final class SimulatedClock: Clock, Sendable {
    /// A moment on a ``SimulatedClock``: the time since the clock was made.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The time since the clock was made.
        public var offset: Duration

        /// Creates the instant `offset` after the clock was made.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Locked(Instant(offset: .zero))
    /// Wakes the sleepers at each move.
    private let moves = Occurrences()

    /// A clock at its start, which moves only with ``advance(by:)``.
    public init() {}

    /// The clock's time now.
    public var now: Instant { current.withLock { $0 } }

    /// Zero: the clock moves only by what a test advances it.
    public var minimumResolution: Duration { .zero }

    /// Returns once the clock has been advanced to `deadline` or past it.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        while true {
            let seen = moves.count
            if now >= deadline { return }
            guard await moves.next(after: seen) else { throw CancellationError() }
        }
    }

    /// Moves the clock `duration` forward, and wakes every sleep whose deadline it reached.
    ///
    /// - Precondition: `duration` is not negative.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock does not go back")
        current.withLock { $0 = $0.advanced(by: duration) }
        moves.happened()
    }
}
