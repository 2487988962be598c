public import Foundation

/// The result of one check in a ``SystemReport``: what was checked, what was found, and when.
///
/// For example, a Settings screen lists each result with a mark, its title and its purpose:
///
/// ```swift
/// for result in report.results {
///     print(result.isOK ? "✓" : "✗", result.title, "-", result.purpose)   // ✓ iCloud - Required for sync and backups
/// }
/// ```
public struct SystemCheckResult: Hashable, Codable, Sendable {
    /// Which check this is.
    public var id: SystemCheckID
    /// The check's short name, such as "Storage Access".
    public var title: String
    /// Why the app needs it, such as "Required for local backups".
    public var purpose: String
    /// What the check established.
    public var outcome: SystemCheckOutcome
    /// A short sentence saying what was found.
    public var detail: String
    /// When the check finished, or gave up.
    public var checkedAt: Date

    /// Creates a result.
    public init(
        id: SystemCheckID, title: String, purpose: String, outcome: SystemCheckOutcome, detail: String,
        checkedAt: Date
    ) {
        self.id = id
        self.title = title
        self.purpose = purpose
        self.outcome = outcome
        self.detail = detail
        self.checkedAt = checkedAt
    }

    /// Whether the check passed.
    public var isOK: Bool { outcome.isOK }
}
