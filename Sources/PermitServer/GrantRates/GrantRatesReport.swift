/// The grant rates as the server returns them: daily counts per kind, how many installations are silent only
/// now, and a note that they are aggregates.
package struct GrantRatesReport: Sendable, Hashable, Codable {
    /// The daily counts, ordered by day and kind.
    package var days: [GrantDay]
    /// How many installations are silent only, of those whose notification settings are known, as stored now
    /// (whatever the days asked for); `nil` when not counted.
    package var notifications: NotificationCounts?
    /// What the numbers are: aggregates, never a history of one person.
    package var note = "Aggregates only: counts per kind and day; the registry keeps the latest state per installation, never a history of one person."

    /// Creates a report of `days`, and of `notifications` when counted.
    package init(days: [GrantDay], notifications: NotificationCounts? = nil) {
        self.days = days
        self.notifications = notifications
    }
}
