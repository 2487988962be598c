public import Foundation

/// The results of one run of the system checks, with its time: what a Settings screen's "System Status"
/// section shows.
///
/// For example:
///
/// ```swift
/// let report = try await runner.run()
/// report.result(for: .documents)?.isOK      // true
/// report.warnings.map(\.title)              // ["CloudKit Unavailable"]
/// report.hasCriticalWarning                 // false
/// ```
public struct SystemReport: Hashable, Codable, Sendable {
    /// When the run finished.
    public var checkedAt: Date
    /// Each check's result, in the runner's order.
    public var results: [SystemCheckResult]

    /// Creates a report.
    public init(checkedAt: Date, results: [SystemCheckResult]) {
        self.checkedAt = checkedAt
        self.results = results
    }

    /// The result of the check `id`, or `nil` when it did not run.
    public func result(for id: SystemCheckID) -> SystemCheckResult? { results.first { $0.id == id } }

    /// The warnings the results call for, most severe first; see ``SystemWarning/warnings(for:)``.
    public var warnings: [SystemWarning] { SystemWarning.warnings(for: results) }

    /// Whether a critical warning stands: the app cannot sync or back up.
    public var hasCriticalWarning: Bool { warnings.contains { $0.severity == .critical } }
}
