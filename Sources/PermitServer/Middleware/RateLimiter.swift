import PermitSupport

/// How fast one client may write: a sustained rate and a burst (a token bucket).
package struct RateLimit: Sendable, Hashable {
    /// Writes a second, sustained; 0 turns the limit off.
    package var perSecond: Double
    /// How many writes may come at once before the rate applies.
    package var burst: Double

    /// Creates a limit of `perSecond` sustained, `burst` at once.
    package init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
    }

    /// No limit.
    package static let off = RateLimit(perSecond: 0, burst: 0)

    /// Whether the limit applies at all.
    package var isOn: Bool { perSecond > 0 }
}

/// Token buckets by key (a client address, an installation): each key may take ``RateLimit/burst`` at once and
/// ``RateLimit/perSecond`` sustained. Behind a lock, so that a request asks without waiting for an actor.
///
/// At most `capacity` keys are kept; when that many are tracked, the buckets start over (every key full again),
/// so that a flood of new keys cannot grow the memory, at the price of a fresh burst for everyone.
package final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        var refused = 0
    }

    private let limit: RateLimit
    private let capacity: Int
    private let state = Locked(State())

    /// Creates the buckets of `limit`, keeping at most `capacity` keys.
    package init(_ limit: RateLimit, capacity: Int = 100_000) {
        self.limit = limit
        self.capacity = capacity
    }

    /// Takes one write for `key` at `now`; `false` when its bucket is empty (the write is refused, and counted).
    package func take(_ key: String, at now: ContinuousClock.Instant = .now) -> Bool {
        guard limit.isOn else { return true }
        return state.withLock { state in
            var bucket = state.buckets[key] ?? Bucket(tokens: limit.burst, updated: now)
            let elapsed = bucket.updated.duration(to: now) / .seconds(1)
            bucket.tokens = min(limit.burst, bucket.tokens + max(0, elapsed) * limit.perSecond)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                state.refused += 1
                state.buckets[key] = bucket
                return false
            }
            bucket.tokens -= 1
            if state.buckets[key] == nil, state.buckets.count >= capacity { state.buckets.removeAll(keepingCapacity: true) }
            state.buckets[key] = bucket
            return true
        }
    }

    /// How many writes were refused since the last call, and starts counting again.
    package func takeRefusedCount() -> Int {
        state.withLock { state in
            defer { state.refused = 0 }
            return state.refused
        }
    }
}
