#if canImport(SwiftUI)
import Foundation
public import PermitSystem
public import SwiftUI

/// A "System Status" section for a Settings screen: every check of a `SystemReport` with ✓ or ✗, its purpose
/// and what it found; a Refresh Status button that shows progress while the checks run; and the footer "Last
/// checked: 5 minutes ago".
///
/// The view draws `SystemStatusPresentation`, the model tested on Linux, for the report it is given
/// (`SystemStatus.lastReport()` or `refresh()`). Each row is one VoiceOver element with the row's sentence
/// ("iCloud: failed. No one is signed in to iCloud. Required for sync and backups."). The footer redraws
/// itself as time passes (a `TimelineView` at `LastCheckedFormatter.refreshInterval(checkedAt:now:)`), so
/// "just now" becomes "2 minutes ago" without the app doing anything. The texts are
/// `SystemStatusPresentation.Wording.localized()`: English, or the app's `Permit` strings table.
///
/// For example:
///
/// ```swift
/// List {
///     SystemStatusSection(report: report, refresh: { report = try? await status.refresh() })
/// }
/// ```
public struct SystemStatusSection: View {
    /// The report shown, or `nil` before the first check.
    public let report: SystemReport?
    private let wording: SystemStatusPresentation.Wording
    private let locale: Locale
    private let refresh: (@MainActor @Sendable () async -> Void)?
    /// Counts the person's taps on Refresh Status: each starts one refresh, in the view's own task.
    @State private var refreshes = 0
    @State private var isRefreshing = false

    /// Creates the section.
    ///
    /// - Parameters:
    ///   - report: The latest report, or `nil` before the first check.
    ///   - wording: The texts; default: the app's `Permit` strings table, English for the rest.
    ///   - locale: The locale of the footer's relative time.
    ///   - refresh: Runs the checks again and updates `report`; `nil` for no Refresh Status button.
    public init(
        report: SystemReport?, wording: SystemStatusPresentation.Wording = .localized(),
        locale: Locale = .autoupdatingCurrent, refresh: (@MainActor @Sendable () async -> Void)? = nil
    ) {
        self.report = report
        self.wording = wording
        self.locale = locale
        self.refresh = refresh
    }

    /// Creates the section with the 1.0 parameters: the footer's formatter and the header's title.
    public init(report: SystemReport?, formatter: LastCheckedFormatter = LastCheckedFormatter(), title: String = "System Status") {
        var wording = SystemStatusPresentation.Wording.localized()
        wording.title = title
        wording.lastChecked = formatter.strings
        self.init(report: report, wording: wording, locale: formatter.locale)
    }

    /// One row per check and the button; the time of the last check in the footer, kept current.
    public var body: some View {
        let screen = SystemStatusPresentation(
            report: report, now: Date(), isRefreshing: isRefreshing, wording: wording, locale: locale)
        return Section {
            ForEach(screen.rows, id: \.id) { row in
                HStack(alignment: .top, spacing: 12) {
                    Text(row.symbol).font(.headline).foregroundStyle(row.isOK ? Color.green : Color.red)
                    VStack(alignment: .leading, spacing: 2) {
                        Text(row.title).font(.headline)
                        Text(row.purpose).font(.caption)
                        Text(row.detail).font(.caption)
                    }
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(row.accessibilityLabel))
            }
            if refresh != nil {
                Button(action: { refreshes += 1 }) {
                    HStack {
                        if screen.isRefreshing { ProgressView() }
                        Text(screen.refreshLabel)
                    }
                }
                .disabled(screen.isRefreshing)
            }
        } header: {
            Text(screen.title)
        } footer: {
            let interval = LastCheckedFormatter.refreshInterval(checkedAt: report?.checkedAt, now: Date())
            TimelineView(.periodic(from: Date(), by: interval)) { context in
                Text(LastCheckedFormatter(locale: locale, strings: wording.lastChecked)
                    .string(checkedAt: report?.checkedAt, now: context.date))
            }
        }
        .task(id: refreshes) { @MainActor in
            guard refreshes > 0, let refresh else { return }
            isRefreshing = true
            await refresh()
            isRefreshing = false
        }
    }
}
#endif
