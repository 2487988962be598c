/// A problem the person should know about, with an exact title, message, severity and action.
///
/// Warnings are derived from a report's results by ``warnings(for:)``; they are never stored on their own,
/// so a fixed problem's warning goes away with the next check.
///
/// For example:
///
/// ```swift
/// if let warning = report.warnings.first {
///     print(warning.title, warning.message)   // Cannot Access Storage  The app cannot save backups. ...
/// }
/// ```
public struct SystemWarning: Hashable, Codable, Sendable, Identifiable {
    /// A stable name, such as `cannotAccessStorage`; dismissals are stored under it.
    public var id: String
    /// How serious it is.
    public var severity: SystemWarningSeverity
    /// The banner's title.
    public var title: String
    /// The banner's message.
    public var message: String
    /// The button the banner offers.
    public var action: SystemWarningAction

    /// Creates a warning.
    public init(
        id: String, severity: SystemWarningSeverity, title: String, message: String, action: SystemWarningAction
    ) {
        self.id = id
        self.severity = severity
        self.title = title
        self.message = message
        self.action = action
    }

    // MARK: - The standard warnings

    /// No one is signed in to iCloud: critical, with an "Open Settings" button.
    public static let iCloudNotAvailable = SystemWarning(
        id: "iCloudNotAvailable", severity: .critical, title: "iCloud Not Available",
        message: "Please sign in to iCloud in Settings to enable data sync and backups.", action: .openSettings)

    /// The documents directory cannot be written and read back: critical, with no button.
    public static let cannotAccessStorage = SystemWarning(
        id: "cannotAccessStorage", severity: .critical, title: "Cannot Access Storage",
        message: "The app cannot save backups. Please check storage permissions and available space.", action: .none)

    /// CloudKit's account is not available: a warning, with an "Open Settings" button.
    public static let cloudKitUnavailable = SystemWarning(
        id: "cloudKitUnavailable", severity: .warning, title: "CloudKit Unavailable",
        message: "Your data will not sync across devices. Check your iCloud settings.", action: .openSettings)

    /// iCloud is available but the app's iCloud Drive container is not: a warning, with an "Open Settings"
    /// button.
    public static let iCloudDriveDisabled = SystemWarning(
        id: "iCloudDriveDisabled", severity: .warning, title: "iCloud Drive Disabled",
        message: "Enable iCloud Drive in Settings to enable cloud backups.", action: .openSettings)

    /// The volume holding the documents directory is nearly full: a warning, with no button. Added by Permit;
    /// written in its voice.
    public static let lowFreeSpace = SystemWarning(
        id: "lowFreeSpace", severity: .warning, title: "Storage Almost Full",
        message: "The app may soon be unable to save backups. Please free up space on this device.", action: .none)

    /// The device is offline: for information, with no button. Added by Permit; written in its voice. Being
    /// offline is a state the app keeps working in, never an error: changes are kept on the device and sync
    /// when the network is back.
    public static let offline = SystemWarning(
        id: "offline", severity: .info, title: "You're Offline",
        message: "Changes are saved on this device and will sync when you're back online.", action: .none)

    // MARK: - Rules

    /// The warnings that `results` call for, most severe first (in the checks' order within a severity).
    ///
    /// | check | raises | when |
    /// | --- | --- | --- |
    /// | ``SystemCheckID/iCloud`` | ``iCloudNotAvailable`` | failed |
    /// | ``SystemCheckID/documents`` | ``cannotAccessStorage`` | failed or could not determine |
    /// | ``SystemCheckID/cloudKit`` | ``cloudKitUnavailable`` | failed or could not determine |
    /// | ``SystemCheckID/iCloudDrive`` | ``iCloudDriveDisabled`` | failed while the iCloud check passed |
    /// | ``SystemCheckID/freeSpace`` | ``lowFreeSpace`` | failed |
    /// | ``SystemCheckID/network`` | ``offline`` | failed (the monitor says the network is unavailable) |
    ///
    /// Storage that could not be probed is treated as inaccessible, because a backup cannot rely on it, and
    /// CloudKit's own "could not determine" status means sync is not working. An iCloud or free-space check
    /// that could not tell raises nothing: its result shows it, and alarming someone who may well be signed
    /// in helps no one. A network monitor that cannot tell raises nothing either; being offline is only
    /// information, never a warning or an error. A check that does not apply on this platform
    /// (``SystemCheckOutcome/notSupported``) raises nothing. Checks without a rule here raise nothing.
    public static func warnings(for results: [SystemCheckResult]) -> [SystemWarning] {
        func outcome(_ id: SystemCheckID) -> SystemCheckOutcome? { results.first { $0.id == id }?.outcome }
        var warnings: [SystemWarning] = []
        if outcome(.iCloud) == .failed { warnings.append(.iCloudNotAvailable) }
        if [.failed, .couldNotDetermine].contains(outcome(.documents)) { warnings.append(.cannotAccessStorage) }
        if [.failed, .couldNotDetermine].contains(outcome(.cloudKit)) { warnings.append(.cloudKitUnavailable) }
        if outcome(.iCloudDrive) == .failed, outcome(.iCloud) == .passed { warnings.append(.iCloudDriveDisabled) }
        if outcome(.freeSpace) == .failed { warnings.append(.lowFreeSpace) }
        if outcome(.network) == .failed { warnings.append(.offline) }
        // A stable sort: the declared order stays within each severity.
        return warnings.enumerated().sorted {
            ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset)
        }.map(\.element)
    }
}
