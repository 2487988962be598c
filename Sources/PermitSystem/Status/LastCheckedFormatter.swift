public import Foundation

/// Writes when the checks last ran as a relative, localized phrase: "Last checked: 5 minutes ago".
///
/// The time is measured from the `now` it is given, never from the clock: the formatter picks the unit and
/// the count itself (seconds, minutes, hours, days, weeks; each rounded to the nearest), and Foundation's
/// `Date.RelativeFormatStyle` only puts that count in words in the formatter's locale ("5 minutes ago",
/// "il y a 5 minutes", "vor 5 Minuten"). The sentence around it comes from ``Strings``, which an app
/// replaces with its own localized strings. A time in the future (the clock was set back) reads as now.
///
/// For example:
///
/// ```swift
/// let formatter = LastCheckedFormatter(locale: Locale(identifier: "en_US"))
/// formatter.string(checkedAt: report.checkedAt, now: Date())    // "Last checked: 5 minutes ago"
/// formatter.string(checkedAt: nil, now: Date())                  // "Not checked yet"
/// ```
public struct LastCheckedFormatter: Sendable {
    /// The sentences around the relative time.
    public struct Strings: Hashable, Sendable {
        /// The sentence with the relative time in place of `{time}`. Default: "Last checked: {time}".
        public var lastChecked: String
        /// The sentence when the checks never ran. Default: "Not checked yet".
        public var never: String

        /// Creates the sentences.
        public init(lastChecked: String = "Last checked: {time}", never: String = "Not checked yet") {
            self.lastChecked = lastChecked
            self.never = never
        }

        /// The English sentences.
        public static let english = Strings()
    }

    /// The locale of the relative time.
    public var locale: Locale
    /// The sentences around it.
    public var strings: Strings

    /// Creates a formatter.
    public init(locale: Locale = .autoupdatingCurrent, strings: Strings = .english) {
        self.locale = locale
        self.strings = strings
    }

    /// How long before `now` the checks ran, such as "5 minutes ago" or "now".
    public func relativeTime(checkedAt: Date, now: Date) -> String {
        let elapsed = Self.wholeUnits(max(0, now.timeIntervalSince(checkedAt)))
        let style = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, locale: locale)
        // The style can only measure from the clock. It is given a whole number of the chosen unit before
        // the clock, so the moments between reading the clock here and there cannot change its words: they
        // are a fraction of a second, and the style rounds each unit to the nearest.
        return style.format(Date(timeIntervalSinceNow: -elapsed))
    }

    /// `elapsed` rounded to a whole number of the largest unit it reaches: the largest of seconds, minutes,
    /// hours, days and weeks in which it rounds to at least one, or less than the next unit.
    static func wholeUnits(_ elapsed: Double) -> Double {
        let units: [(seconds: Double, perNext: Double)] = [(1, 60), (60, 60), (3600, 24), (86400, 7), (604_800, .infinity)]
        for (unit, perNext) in units {
            let count = (elapsed / unit).rounded()
            if count < perNext { return count * unit }
        }
        return elapsed
    }

    /// The whole sentence, such as "Last checked: 5 minutes ago", or ``Strings/never`` when `checkedAt`
    /// is `nil`.
    public func string(checkedAt: Date?, now: Date) -> String {
        guard let checkedAt else { return strings.never }
        return strings.lastChecked.replacingOccurrences(of: "{time}", with: relativeTime(checkedAt: checkedAt, now: now))
    }

    /// How often a "last checked" text for a check at `checkedAt` changes, at `now`: every second in the first
    /// minute, every minute in the first hour, every hour in the first day, then every day. A view redraws its
    /// text this often (SwiftUI's `TimelineView`), so that "Last checked: 2 minutes ago" does not stay put.
    ///
    /// For example:
    ///
    /// ```swift
    /// LastCheckedFormatter.refreshInterval(checkedAt: checked, now: checked.addingTimeInterval(300))   // 60
    /// ```
    public static func refreshInterval(checkedAt: Date?, now: Date) -> TimeInterval {
        guard let checkedAt else { return 3600 }
        switch max(0, now.timeIntervalSince(checkedAt)) {
        case ..<60: return 1
        case ..<3600: return 60
        case ..<86_400: return 3600
        default: return 86_400
        }
    }
}
