/// How many installations were asked for one kind of permission, granted it, denied it, and changed their
/// mind: counted from reported states' transitions, added up per kind and day.
///
/// - asked: a state that was not determined (or never reported) became granted or denied;
/// - granted: the state became granted (from any other state);
/// - denied: the state became denied (from any other state; a cookie's `no` is not counted, since it does
///   not tell a denial from a permission never asked);
/// - changedMind: a granted permission became denied or not usable, or a denied one became granted: the
///   person changed it in Settings (or answered again).
package struct GrantCounts: Sendable, Hashable, Codable {
    /// Installations asked.
    package var asked: Int
    /// Installations that granted.
    package var granted: Int
    /// Installations that denied.
    package var denied: Int
    /// Installations that changed their mind.
    package var changedMind: Int

    /// Creates counts, zero unless given.
    package init(asked: Int = 0, granted: Int = 0, denied: Int = 0, changedMind: Int = 0) {
        self.asked = asked
        self.granted = granted
        self.denied = denied
        self.changedMind = changedMind
    }

    /// Adds `other`'s counts to these.
    package mutating func add(_ other: GrantCounts) {
        asked += other.asked
        granted += other.granted
        denied += other.denied
        changedMind += other.changedMind
    }

    /// Whether every count is zero.
    package var isEmpty: Bool { asked == 0 && granted == 0 && denied == 0 && changedMind == 0 }

    /// The counts one installation's transition from `previous` to `current` adds.
    package static func transition(from previous: ReportedState?, to current: ReportedState) -> GrantCounts {
        guard previous != current else { return GrantCounts() }
        let wasUndecided = previous == nil || previous == .notDetermined
        return GrantCounts(
            asked: wasUndecided && (current == .granted || current == .denied) ? 1 : 0,
            granted: current == .granted ? 1 : 0,
            denied: current == .denied ? 1 : 0,
            changedMind: (previous == .granted && (current == .denied || current == .notUsable))
                || (previous == .denied && current == .granted) ? 1 : 0)
    }
}
