/// The grant rates as the server returns them: daily counts per kind, and a note that they are aggregates.
package struct GrantRatesReport: Sendable, Hashable, Codable {
    /// The daily counts, ordered by day and kind.
    package var days: [GrantDay]
    /// What the numbers are: aggregates, never a history of one person.
    package var note = "Aggregates only: counts per kind and day; the registry keeps the latest state per installation, never a history of one person."

    /// Creates a report of `days`.
    package init(days: [GrantDay]) {
        self.days = days
    }
}
