import Foundation
import PermitSystem
import Testing

@Suite struct SystemWarningTests {
    @Test func theSeedsWarningsKeepTheirExactWords() {
        let seed: [(SystemWarning, SystemWarningSeverity, String, String, SystemWarningAction)] = [
            (.iCloudNotAvailable, .critical, "iCloud Not Available",
             "Please sign in to iCloud in Settings to enable data sync and backups.", .openSettings),
            (.cloudKitUnavailable, .warning, "CloudKit Unavailable",
             "Your data will not sync across devices. Check your iCloud settings.", .openSettings),
            (.cannotAccessStorage, .critical, "Cannot Access Storage",
             "The app cannot save backups. Please check storage permissions and available space.", .none),
            (.iCloudDriveDisabled, .warning, "iCloud Drive Disabled",
             "Enable iCloud Drive in Settings to enable cloud backups.", .openSettings),
        ]
        for (warning, severity, title, message, action) in seed {
            #expect(warning.severity == severity)
            #expect(warning.title == title)
            #expect(warning.message == message)
            #expect(warning.action == action)
        }
        #expect(SystemWarning.lowFreeSpace.severity == .warning)
        #expect(SystemWarning.lowFreeSpace.title == "Storage Almost Full")
    }

    func result(_ id: SystemCheckID, _ outcome: SystemCheckOutcome) -> SystemCheckResult {
        SystemCheckResult(id: id, title: "", purpose: "", outcome: outcome, detail: "", checkedAt: referenceDate)
    }

    @Test func warningsAreOrderedBySeverityThenInTheSeedsOrder() {
        let signedIn = SystemWarning.warnings(for: [
            result(.freeSpace, .failed), result(.iCloudDrive, .failed), result(.cloudKit, .failed),
            result(.documents, .failed), result(.iCloud, .passed),
        ])
        #expect(signedIn == [.cannotAccessStorage, .cloudKitUnavailable, .iCloudDriveDisabled, .lowFreeSpace])

        let signedOut = SystemWarning.warnings(for: [
            result(.freeSpace, .failed), result(.cloudKit, .couldNotDetermine), result(.documents, .couldNotDetermine),
            result(.iCloud, .failed),
        ])
        #expect(signedOut == [.iCloudNotAvailable, .cannotAccessStorage, .cloudKitUnavailable, .lowFreeSpace])
        #expect(signedOut.map(\.severity) == [.critical, .critical, .warning, .warning])
    }

    @Test func undeterminedAndUnsupportedChecksRaiseOnlyWhatTheRulesSay() {
        #expect(SystemWarning.warnings(for: [
            result(.iCloud, .couldNotDetermine), result(.iCloudDrive, .couldNotDetermine),
            result(.freeSpace, .couldNotDetermine),
        ]).isEmpty)
        #expect(SystemWarning.warnings(for: [
            result(.iCloud, .notSupported), result(.iCloudDrive, .notSupported), result(.cloudKit, .notSupported),
        ]).isEmpty)
        #expect(SystemWarning.warnings(for: [result(.iCloudDrive, .failed)]).isEmpty)
    }

    @Test func severitiesCompareBySeriousness() {
        #expect(SystemWarningSeverity.allCases.sorted() == [.info, .warning, .critical])
    }
}
