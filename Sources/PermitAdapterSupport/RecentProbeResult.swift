package import Permit
import PermitSupport

/// The last local network probe's status and when it settled, so that a status read reuses a result no older than
/// a short bound instead of opening a connection each time (`PermitLocalNetwork`).
///
/// iOS has no API that reads the Local Network privilege (Apple, TN3179), so each fresh answer costs a connection
/// attempt of up to the read's deadline; the person can change the switch in Settings at any time, so a result is
/// reused only while it is younger than `maxAge`, and a request always probes and replaces it.
///
/// For example:
///
/// ```swift
/// let recent = RecentProbeResult(maxAge: .seconds(5))
/// recent.record(.granted)
/// recent.status()   // .granted for five seconds, then nil: probe again
/// ```
package final class RecentProbeResult: Sendable {
    /// How long a result is reused.
    package let maxAge: Duration
    private let clock: ElapsedClock
    private let latest = Locked<(status: PermissionStatus, at: Duration)?>(nil)

    /// A record that reuses a result for `maxAge`, measured on `clock`.
    package init<C: Clock>(maxAge: Duration, clock: C = ContinuousClock()) where C.Duration == Duration {
        self.maxAge = maxAge
        self.clock = ElapsedClock(clock)
    }

    /// The last result, or `nil` when there is none or it is `maxAge` old or older.
    package func status() -> PermissionStatus? {
        let now = clock.now
        return latest.withLock { latest in
            guard let latest, Self.reuses(age: now - latest.at, maxAge: maxAge) else { return nil }
            return latest.status
        }
    }

    /// Keeps `status` as the latest result, settled now.
    package func record(_ status: PermissionStatus) {
        let now = clock.now
        latest.withLock { $0 = (status, now) }
    }

    /// Whether a result `age` old is still reused.
    package static func reuses(age: Duration, maxAge: Duration) -> Bool {
        age >= .zero && age < maxAge
    }
}
