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
        var last: SettingsReturn?
        var isChecking = false
    }

    /// Whether the app went to the background since the last visit was recorded in this process.
    var leftApp: Bool { state.withLock { $0.leftApp } }
    /// The latest return reported by this process.
    var last: SettingsReturn? { state.withLock { $0.last } }

    /// A visit was recorded: the app has not left for Settings yet.
    func visitRecorded() { state.withLock { $0.leftApp = false } }

    /// The app went to the background.
    func appLeft() { state.withLock { $0.leftApp = true } }

    /// Claims the check for a return, so that two lifecycle events never report one visit twice; `false` while
    /// another check is under way (it reports what there is).
    func beginCheck() -> Bool {
        state.withLock { state in
            guard !state.isChecking else { return false }
            state.isChecking = true
            return true
        }
    }

    /// Ends the check ``beginCheck()`` claimed.
    func endCheck() { state.withLock { $0.isChecking = false } }

    /// Keeps `settingsReturn` as the latest and hands it to the subscriptions.
    func report(_ settingsReturn: SettingsReturn) {
        state.withLock { $0.last = settingsReturn }
        returns.publish(settingsReturn)
    }
}
