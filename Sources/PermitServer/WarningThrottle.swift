import PermitSupport

/// Lets a warning through at most once an interval, so that a flood (connections past the bound, writes past
/// the rate limits) logs a line a minute rather than a line an event.
package final class WarningThrottle: Sendable {
    private let interval: Duration
    private let last = Locked<ContinuousClock.Instant?>(nil)

    /// Creates a throttle that lets one warning through every `interval`.
    package init(every interval: Duration = .seconds(60)) { self.interval = interval }

    /// Whether a warning is due at `now`: the first always is, a later one once `interval` has passed since the
    /// last that was. Answering `true` counts as the warning.
    package func isDue(at now: ContinuousClock.Instant = .now) -> Bool {
        last.withLock { last in
            guard last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
    }
}
