import Foundation
import PermitSupport

/// What a ``PermissionCenter`` keeps in memory about visits to Settings: which process it is, whether the app
/// left for the background since the last visit was recorded, and the returns it reported.
final class SettingsReturnTracking: Sendable {
    /// This center's launch: a visit recorded under another one was recorded by an earlier process.
    let launch = UUID()
    /// The returns reported; a new subscription starts with the latest.
    let returns = UpdateBroadcaster<SettingsReturn>.latestValue(nil)
    private let state = Locked(State())

    private struct State {
        var leftApp = false
        var isChecking = false
        /// Whether the storage may hold a visit: at launch (an earlier process may have recorded one) and after
        /// this one recorded one; `false` once a check found none left, so that a foreground costs nothing.
        var mayHoldVisit = true
        /// Counts the visits recorded, so that a check that began before a record does not clear `mayHoldVisit`.
        var recorded = 0
    }

    /// Whether the app went to the background since the last visit was recorded in this process.
    var leftApp: Bool { state.withLock { $0.leftApp } }
    /// The latest return reported by this process: the one ``returns`` keeps for new subscriptions.
    var last: SettingsReturn? { returns.latest }

    /// A visit was recorded: the app has not left for Settings yet.
    func visitRecorded() {
        state.withLock { state in
            state.leftApp = false
            state.mayHoldVisit = true
            state.recorded += 1
        }
    }

    /// The storage holds no visit any more (none was found, or the one found was reported or expired), unless a
    /// visit was recorded after the check that found it began (`check`, from ``beginCheck()``).
    func noVisitLeft(since check: Int) {
        state.withLock { state in
            if state.recorded == check { state.mayHoldVisit = false }
        }
    }

    /// The app went to the background.
    func appLeft() { state.withLock { $0.leftApp = true } }

    /// Claims the check for a return, so that two lifecycle events never report one visit twice; `false` while
    /// another check is under way (it reports what there is), or when no visit can be held. The number it returns
    /// goes to ``noVisitLeft(since:)``.
    func beginCheck() -> Int? {
        state.withLock { state in
            guard !state.isChecking, state.mayHoldVisit else { return nil }
            state.isChecking = true
            return state.recorded
        }
    }

    /// Ends the check ``beginCheck()`` claimed.
    func endCheck() { state.withLock { $0.isChecking = false } }

    /// Hands `settingsReturn` to the subscriptions, and keeps it as the latest.
    func report(_ settingsReturn: SettingsReturn) {
        returns.publish(settingsReturn)
    }
}
