public import Foundation

/// What a "System Status" screen shows for a ``SystemReport``, worked out once for every front end: one row per
/// check with ✓ or ✗, its title, its purpose and what it found; the Refresh Status button; and the footer "Last
/// checked: 5 minutes ago". `PermitSwiftUI`'s `SystemStatusSection` draws it, and the demo page shows the same.
///
/// The texts are ``Wording``: English, or the app's translations in its `Permit` strings table. Each row has
/// the sentence VoiceOver reads for it, such as "iCloud: passed. Signed in to iCloud. Required for sync and
/// backups.", so that the ✓ and ✗ are not read as symbols.
///
/// For example:
///
/// ```swift
/// let screen = SystemStatusPresentation(report: report, now: Date())
/// screen.rows.map(\.symbol)      // ["✓", "✗", ...]
/// screen.footer                  // "Last checked: 5 minutes ago"
/// ```
public struct SystemStatusPresentation: Hashable, Sendable {
    /// One check's row.
    public struct Row: Hashable, Sendable, Identifiable {
        /// The check.
        public let id: SystemCheckID
        /// ✓ when it passed, ✗ when it failed or could not tell, – when it does not apply here.
        public let symbol: String
        /// Whether it passed: the ✓ and its colour.
        public let isOK: Bool
        /// The check's name, such as "iCloud".
        public let title: String
        /// What the app needs it for, such as "Required for sync and backups".
        public let purpose: String
        /// What it found, such as "signed in to iCloud".
        public let detail: String
        /// The sentence VoiceOver reads for the row.
        public let accessibilityLabel: String
    }

    /// The texts of the screen, in one language.
    public struct Wording: Hashable, Sendable {
        /// The section's title. Key `permit.systemStatus.title`; English: "System Status".
        public var title: String
        /// The button. Key `permit.systemStatus.refresh`; English: "Refresh Status".
        public var refresh: String
        /// The button while the checks run. Key `permit.systemStatus.refreshing`; English: "Checking…".
        public var refreshing: String
        /// The outcomes as VoiceOver reads them. Keys `permit.systemStatus.passed`, `.failed`,
        /// `.couldNotDetermine`, `.notSupported`; English: "passed", "failed", "could not tell", "not on this
        /// device".
        public var outcomes: [SystemCheckOutcome: String]
        /// The footer's sentences.
        public var lastChecked: LastCheckedFormatter.Strings
        /// A banner's button for a warning whose action is Settings. Key `permit.systemStatus.openSettings`;
        /// English: "Open Settings".
        public var openSettings: String
        /// What VoiceOver reads for a banner's close ✗. Key `permit.systemStatus.dismiss`; English: "Dismiss".
        public var dismiss: String

        /// Creates a wording; each text left out is the English one.
        public init(
            title: String = "System Status", refresh: String = "Refresh Status", refreshing: String = "Checking…",
            outcomes: [SystemCheckOutcome: String] = Wording.englishOutcomes,
            lastChecked: LastCheckedFormatter.Strings = .english, openSettings: String = "Open Settings",
            dismiss: String = "Dismiss"
        ) {
            self.title = title
            self.refresh = refresh
            self.refreshing = refreshing
            self.outcomes = outcomes
            self.lastChecked = lastChecked
            self.openSettings = openSettings
            self.dismiss = dismiss
        }

        /// The outcomes in English.
        public static let englishOutcomes: [SystemCheckOutcome: String] = [
            .passed: "passed", .failed: "failed", .couldNotDetermine: "could not tell", .notSupported: "not on this device",
        ]

        /// The English wording.
        public static let english = Wording()

        /// The wording in the language `bundle` resolves to, from its strings table `table`, with English for
        /// every key the table does not have; the footer's keys are `permit.systemStatus.lastChecked` (with
        /// `{time}`) and `permit.systemStatus.never`.
        public static func localized(bundle: Bundle = .main, table: String = "Permit") -> Wording {
            func text(_ key: String, _ english: String) -> String {
                bundle.localizedString(forKey: "permit.systemStatus.\(key)", value: english, table: table)
            }
            var outcomes: [SystemCheckOutcome: String] = [:]
            for (outcome, english) in englishOutcomes { outcomes[outcome] = text(outcome.rawValue, english) }
            let footer = LastCheckedFormatter.Strings.english
            return Wording(
                title: text("title", Wording.english.title), refresh: text("refresh", Wording.english.refresh),
                refreshing: text("refreshing", Wording.english.refreshing), outcomes: outcomes,
                lastChecked: LastCheckedFormatter.Strings(
                    lastChecked: text("lastChecked", footer.lastChecked), never: text("never", footer.never)),
                openSettings: text("openSettings", Wording.english.openSettings),
                dismiss: text("dismiss", Wording.english.dismiss))
        }
    }

    /// The section's title.
    public let title: String
    /// One row per check, in the report's order; empty before the first check.
    public let rows: [Row]
    /// "Last checked: 5 minutes ago", or "Not checked yet".
    public let footer: String
    /// The button's label: "Refresh Status", or "Checking…" while the checks run.
    public let refreshLabel: String
    /// Whether the checks are running: the button shows progress and does nothing.
    public let isRefreshing: Bool

    /// The screen for `report` at `now`.
    ///
    /// - Parameters:
    ///   - report: The latest report, or `nil` before the first check.
    ///   - now: The time the footer counts from.
    ///   - isRefreshing: Whether the checks are running.
    ///   - wording: The texts; default: English.
    ///   - locale: The locale of the footer's relative time.
    public init(
        report: SystemReport?, now: Date, isRefreshing: Bool = false, wording: Wording = .english,
        locale: Locale = .autoupdatingCurrent
    ) {
        title = wording.title
        rows = (report?.results ?? []).map { result in
            let outcome = wording.outcomes[result.outcome] ?? result.outcome.rawValue
            let detail = result.detail.prefix(1).uppercased() + result.detail.dropFirst()
            return Row(
                id: result.id, symbol: result.isOK ? "✓" : result.outcome == .notSupported ? "–" : "✗",
                isOK: result.isOK, title: result.title, purpose: result.purpose, detail: result.detail,
                accessibilityLabel: "\(result.title): \(outcome). \(detail). \(result.purpose).")
        }
        footer = LastCheckedFormatter(locale: locale, strings: wording.lastChecked).string(
            checkedAt: report?.checkedAt, now: now)
        refreshLabel = isRefreshing ? wording.refreshing : wording.refresh
        self.isRefreshing = isRefreshing
    }
}

/// How a banner shows a ``SystemWarning``: its colour by severity, and its close button.
///
/// For example:
///
/// ```swift
/// SystemBannerStyle(warning: .iCloudNotAvailable).color    // .red
/// ```
public struct SystemBannerStyle: Hashable, Sendable {
    /// The banner's colour.
    public enum Color: String, Hashable, Sendable, CaseIterable {
        /// Critical: data cannot be synced or backed up.
        case red
        /// A warning the person should fix.
        case orange
        /// Information.
        case blue
    }

    /// The colour of the warning's severity: critical red, warning orange, info blue.
    public let color: Color
    /// The close button's symbol: ✗.
    public let closeSymbol = "✗"
    /// What VoiceOver reads for the close button: ``SystemStatusPresentation/Wording/dismiss``.
    public let closeLabel: String

    /// The style of `warning`'s banner, its close button read as `wording`'s ``SystemStatusPresentation/Wording/dismiss``.
    public init(warning: SystemWarning, wording: SystemStatusPresentation.Wording = .english) {
        self.init(warning: warning, closeLabel: wording.dismiss)
    }

    /// The style of `warning`'s banner, its close button read as `closeLabel`.
    public init(warning: SystemWarning, closeLabel: String) {
        color = switch warning.severity {
        case .critical: .red
        case .warning: .orange
        case .info: .blue
        }
        self.closeLabel = closeLabel
    }
}
