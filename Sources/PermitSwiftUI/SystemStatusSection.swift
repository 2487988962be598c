#if canImport(SwiftUI)
public import Foundation
public import PermitSystem
public import SwiftUI

/// A "System Status" section for a Settings screen: every check of a `SystemReport` with its outcome, and when
/// they were last checked.
///
/// The view shows the report it is given (`SystemStatus.lastReport()` or `refresh()`), with the time written
/// by `LastCheckedFormatter`.
///
/// For example:
///
/// ```swift
/// List {
///     SystemStatusSection(report: report, now: Date())
/// }
/// ```
public struct SystemStatusSection: View {
    /// The report shown, or `nil` before the first check.
    public let report: SystemReport?
    private let now: Date
    private let formatter: LastCheckedFormatter
    private let title: String

    /// Creates the section.
    ///
    /// - Parameters:
    ///   - report: The latest report, or `nil` before the first check.
    ///   - now: The time the "last checked" text is relative to.
    ///   - formatter: Writes the "last checked" text.
    ///   - title: The section's header.
    public init(
        report: SystemReport?, now: Date, formatter: LastCheckedFormatter = LastCheckedFormatter(),
        title: String = "System Status"
    ) {
        self.report = report
        self.now = now
        self.formatter = formatter
        self.title = title
    }

    /// One row per check, then the time of the last check.
    public var body: some View {
        Section {
            ForEach(report?.results ?? [], id: \.id) { result in
                HStack {
                    VStack(alignment: .leading, spacing: 2) {
                        Text(result.title)
                        Text(result.detail).font(.caption)
                    }
                    Spacer()
                    Text(result.outcome.description).font(.caption)
                }
            }
            Text(formatter.string(checkedAt: report?.checkedAt, now: now)).font(.footnote)
        } header: {
            Text(title)
        }
    }
}
#endif
