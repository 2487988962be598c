package import Foundation

/// When a token is stale, after Firebase's token-management guidance: a month without contact by default,
/// and never more than 270 days for Android, whose tokens FCM expires after 270 days without contact.
package struct PrunePolicy: Sendable, Hashable {
    /// How long an installation may go unseen before it is pruned; 30 days by default.
    package var staleAfter: TimeInterval
    /// How long an Android installation may go unseen at most; 270 days.
    package var androidExpiry: TimeInterval

    /// Creates a policy; the defaults are Firebase's.
    package init(staleAfter: TimeInterval = 30 * 86_400, androidExpiry: TimeInterval = 270 * 86_400) {
        self.staleAfter = staleAfter
        self.androidExpiry = androidExpiry
    }

    /// The last-seen times before which installations are pruned at `now`: one for every platform, one for
    /// Android (the earlier of the two limits).
    package func cutoffs(at now: Date) -> (all: Date, android: Date) {
        (now - staleAfter, now - min(staleAfter, androidExpiry))
    }
}
