#if canImport(SwiftUI)
import Foundation
public import PermitSystem
public import SwiftUI

/// A "System Status" section for a Settings screen: every check of a `SystemReport` with its outcome, and when
/// they were last checked.
///
/// The view shows the report it is given (`SystemStatus.lastReport()` or `refresh()`), with the time written
/// by `LastCheckedFormatter`. The "last checked" line redraws itself as time passes (a `TimelineView` at
/// `LastCheckedFormatter.refreshInterval(checkedAt:now:)`: every second in the first minute, then every minute,
/// hour, day), so "just now" becomes "2 minutes ago" without the app doing anything.
///
/// For example:
///
/// ```swift
/// List {
///     SystemStatusSection(report: report)
/// }
/// ```
public struct SystemStatusSection: View {
    /// The report shown, or `nil` before the first check.
    public let report: SystemReport?
    private let formatter: LastCheckedFormatter
    private let title: String

    /// Creates the section.
    ///
    /// - Parameters:
    ///   - report: The latest report, or `nil` before the first check.
    ///   - formatter: Writes the "last checked" text.
    ///   - title: The section's header.
    public init(report: SystemReport?, formatter: LastCheckedFormatter = LastCheckedFormatter(), title: String = "System Status") {
        self.report = report
        self.formatter = formatter
        self.title = title
    }

    /// One row per check, then the time of the last check, kept current.
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
            let interval = LastCheckedFormatter.refreshInterval(checkedAt: report?.checkedAt, now: Date())
            TimelineView(.periodic(from: Date(), by: interval)) { context in
                Text(formatter.string(checkedAt: report?.checkedAt, now: context.date)).font(.footnote)
            }
        } header: {
            Text(title)
        }
    }
}
#endif
