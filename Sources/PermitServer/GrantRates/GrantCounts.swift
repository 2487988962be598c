/// How many installations answered the question for one kind of permission, granting or denying it, and how
/// many changed their mind: counted from the states they report, added up per kind and day.
///
/// The one definition, which the JSON, the page and every rate follow:
/// - an **answer** is a state going from undecided (never reported, ``ReportedState/notDetermined``, or a
///   cookie's `no` before any answer of the installation was counted) to ``ReportedState/granted`` or
///   ``ReportedState/denied``: it adds one to ``granted`` or to ``denied``;
/// - ``asked`` is ``granted`` plus ``denied``, so the grant rate, ``granted`` over ``asked``, is never above
///   100 %;
/// - a **change of mind** is a decided state turning: granted to denied or to a cookie's `no`, denied to
///   granted, or a cookie's `no` to granted after an answer was counted;
/// - each counter counts installations: one installation adds at most one answer and one change of mind to a
///   kind's day, whichever server takes its reports and however often they repeat (``CountedDays`` remembers
///   what was counted);
/// - nothing else counts: a state reset to not determined, a cookie's `no` first seen (it may be a permission
///   never asked), a report that repeats the state.
///
/// A cookie says only `yes` or `no`, so an installation known through cookies alone can add grants but never a
/// denial: only the native endpoint's reports can show one.
package struct GrantCounts: Sendable, Hashable {
    /// Installations whose answer was to grant.
    package var granted: Int
    /// Installations whose answer was to deny.
    package var denied: Int
    /// Installations that changed their mind.
    package var changedMind: Int

    /// Creates counts, zero unless given.
    package init(granted: Int = 0, denied: Int = 0, changedMind: Int = 0) {
        self.granted = granted
        self.denied = denied
        self.changedMind = changedMind
    }

    /// Installations that answered: those that granted and those that denied.
    package var asked: Int { granted + denied }

    /// The share of those asked that granted, from 0 to 1, or `nil` when no one answered.
    package var grantRate: Double? {
        asked == 0 ? nil : Double(granted) / Double(asked)
    }

    /// Adds `other`'s counts to these.
    package mutating func add(_ other: GrantCounts) {
        granted += other.granted
        denied += other.denied
        changedMind += other.changedMind
    }

    /// Whether every count is zero.
    package var isEmpty: Bool { granted == 0 && denied == 0 && changedMind == 0 }
}

// MARK: - Counting

extension GrantCounts {
    /// What one installation's change of a kind's state from `previous` to `current` on `day` adds, and what
    /// the installation's memory of that kind becomes.
    ///
    /// For example, `nil` to `granted` is an answer (one grant) unless an answer of this installation and kind
    /// was already counted on `day`; `granted` to `notUsable` is a change of mind.
    package static func transition(
        from previous: ReportedState?, to current: ReportedState, counted: CountedDays, on day: String
    ) -> (counts: GrantCounts, counted: CountedDays) {
        var counted = counted
        func answer() -> GrantCounts {
            guard counted.answered != day else { return GrantCounts() }
            counted.answered = day
            return current == .granted ? GrantCounts(granted: 1) : GrantCounts(denied: 1)
        }
        func changeOfMind() -> GrantCounts {
            guard counted.changedMind != day else { return GrantCounts() }
            counted.changedMind = day
            return GrantCounts(changedMind: 1)
        }
        let counts: GrantCounts
        switch (previous, current) {
        case (let before, _) where before == current:
            counts = GrantCounts()
        case (nil, .granted), (nil, .denied), (.notDetermined?, .granted), (.notDetermined?, .denied):
            counts = answer()
        case (.notUsable?, .granted), (.notUsable?, .denied):
            // A cookie's `no` may have stood for a permission never asked: the first decided state is an answer.
            // After an answer, it stood for a refusal or a withdrawal, and a grant is a change of mind.
            if counted.answered == nil {
                counts = answer()
            } else {
                counts = current == .granted ? changeOfMind() : GrantCounts()
            }
        case (.granted?, .denied), (.granted?, .notUsable), (.denied?, .granted):
            counts = changeOfMind()
        default:
            counts = GrantCounts()
        }
        return (counts, counted)
    }
}

// MARK: - Coding

extension GrantCounts: Codable {
    private enum CodingKeys: String, CodingKey {
        case asked, granted, denied, changedMind
    }

    /// Decodes the counts; an `asked` in the input is ignored, as it is always granted plus denied.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            granted: try container.decode(Int.self, forKey: .granted), denied: try container.decode(Int.self, forKey: .denied),
            changedMind: try container.decode(Int.self, forKey: .changedMind))
    }

    /// Encodes the counts with `asked`, for readers of the JSON that do not add it up themselves.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(asked, forKey: .asked)
        try container.encode(granted, forKey: .granted)
        try container.encode(denied, forKey: .denied)
        try container.encode(changedMind, forKey: .changedMind)
    }
}
