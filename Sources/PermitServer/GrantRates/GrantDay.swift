package import Foundation

/// The grant counts of one kind of permission on one day (UTC): an aggregate over installations, never a
/// record of one person.
package struct GrantDay: Sendable, Hashable, Codable {
    /// The day, as `YYYY-MM-DD` in UTC.
    package var day: String
    /// The permission kind, such as `camera`.
    package var kind: String
    /// The day's counts.
    package var counts: GrantCounts

    /// Creates a day's counts.
    package init(day: String, kind: String, counts: GrantCounts) {
        self.day = day
        self.kind = kind
        self.counts = counts
    }

    /// The share of the installations asked that granted, or `nil` when none was asked (``GrantCounts/grantRate``).
    package var grantRate: Double? { counts.grantRate }

    /// The UTC day of `date`, as `YYYY-MM-DD`.
    package static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
}
