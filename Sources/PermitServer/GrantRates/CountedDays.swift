/// What the grant counts already hold of one installation's kind: the day its last answer was counted and the
/// day its last change of mind was, so that each counts at most once a day (``GrantCounts``).
///
/// Only these two days are kept, never a history. The day `""` stands for an answer counted before the registry
/// kept days: a registry migrated from the first schema (4b23a35) has it for each kind it held granted or
/// denied.
package struct CountedDays: Sendable, Hashable, Codable {
    /// The day (`YYYY-MM-DD`, UTC) the installation's last answer of the kind was counted, or `nil` if none was.
    package var answered: String?
    /// The day its last change of mind was counted, or `nil` if none was.
    package var changedMind: String?

    /// Creates a memory, empty unless given.
    package init(answered: String? = nil, changedMind: String? = nil) {
        self.answered = answered
        self.changedMind = changedMind
    }

    /// The day that stands for "counted before the registry kept days".
    package static let beforeDaysWereKept = ""

    /// The memory of a record stored before the registry kept one: an answer counted, on an unknown day, for each
    /// kind already granted or denied.
    package static func assumed(from states: [String: ReportedState]) -> [String: CountedDays] {
        states.filter { $0.value == .granted || $0.value == .denied }
            .mapValues { _ in CountedDays(answered: beforeDaysWereKept) }
    }
}
