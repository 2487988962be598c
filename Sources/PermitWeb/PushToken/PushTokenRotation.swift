package import Foundation

/// When the push token is due for rotation: the app's schedule, decided apart from the manager so that it is
/// tested with plain dates.
package enum PushTokenRotation {
    /// Whether a token saved at `savedAt` is due for rotation at `now`, rotating every `interval` seconds. A
    /// token whose save time is unknown (imported from an older version) is due; a `nil` interval never is.
    package static func isDue(savedAt: Date?, now: Date, interval: TimeInterval?) -> Bool {
        guard let interval, interval > 0 else { return false }
        guard let savedAt else { return true }
        return now.timeIntervalSince(savedAt) >= interval
    }
}
