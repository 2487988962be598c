import Foundation
import PermitServer
import Testing

/// What the registry makes of notification settings: whether an installation is silent only, and what a report
/// that carries them (or not) writes.
@Suite struct SilentOnlyTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)
    static let alertTypes: [NotificationSettings.Setting] = [.alerts, .sounds, .badges, .lockScreen, .center]

    func record(notifications state: ReportedState?, settings: NotificationSettings?) -> InstallationRecord {
        InstallationRecord(
            installation: "i", token: "tok", platform: .ios, firstSeen: t0, lastSeen: t0,
            states: state.map { ["notifications": $0] } ?? [:], notificationSettings: settings)
    }

    @Test func grantedWithEveryAlertTypeOffIsSilentOnlyWhateverTheOtherSettings() {
        for others in [[], [NotificationSettings.Setting.critical, .timeSensitive, .summary]] as [Set<NotificationSettings.Setting>] {
            #expect(record(notifications: .granted, settings: NotificationSettings(enabled: others)).silentOnly == true)
        }
    }

    /// Any one alert type on is enough to show a push.
    @Test(arguments: SilentOnlyTests.alertTypes)
    func oneAlertTypeOnIsNotSilentOnly(on: NotificationSettings.Setting) {
        #expect(record(notifications: .granted, settings: NotificationSettings(enabled: [on])).silentOnly == false)
    }

    /// Notifications not allowed: not silent only (the rule asks `p_Notification=yes`).
    @Test(arguments: [ReportedState.notUsable, .denied, .notDetermined])
    func notificationsNotGrantedIsNotSilentOnly(state: ReportedState) {
        #expect(record(notifications: state, settings: NotificationSettings(enabled: [])).silentOnly == false)
    }

    @Test func unknownWithoutTheSettingsOrWithoutTheNotificationsState() {
        #expect(record(notifications: .granted, settings: nil).silentOnly == nil)
        #expect(record(notifications: nil, settings: NotificationSettings(enabled: [])).silentOnly == nil)
    }

    // MARK: - Plans

    /// The registry's fast path (``TokenRegistry/repeatsRecorded(_:)``) is this plan: a repeat writes nothing.
    @Test func aReportRepeatingTheSettingsWritesNothing() {
        let stored = record(notifications: .granted, settings: NotificationSettings(enabled: [.critical]))
        let report = InstallationReport(
            installation: "i", token: "tok", states: ["notifications": .granted],
            notifications: NotificationSettings(enabled: [.critical]))
        #expect(RegistryPlan.plan(stored: stored, report: report, now: t0 + 60, touchInterval: 86_400) == .nothing)
        // A report without them keeps them, and writes nothing either.
        let without = InstallationReport(installation: "i", token: "tok", states: ["notifications": .granted])
        #expect(RegistryPlan.plan(stored: stored, report: without, now: t0 + 60, touchInterval: 86_400) == .nothing)
    }

    @Test func aChangeOfTheSettingsAloneIsWritten() {
        let stored = record(notifications: .granted, settings: NotificationSettings(enabled: []))
        #expect(stored.silentOnly == true)
        let report = InstallationReport(installation: "i", notifications: NotificationSettings(enabled: [.sounds]))
        guard case .write(let written, let counts) = RegistryPlan.plan(stored: stored, report: report, now: t0 + 60, touchInterval: 86_400)
        else {
            Issue.record("a change of the settings was not written")
            return
        }
        #expect(written.notificationSettings == NotificationSettings(enabled: [.sounds]) && written.silentOnly == false)
        #expect(written.states == stored.states && counts.isEmpty)
        // A change that leaves the installation silent only is written too: the settings are what is kept.
        let quieter = InstallationReport(installation: "i", notifications: NotificationSettings(enabled: [.summary]))
        #expect(RegistryPlan.plan(stored: stored, report: quieter, now: t0 + 60, touchInterval: 86_400) != .nothing)
    }

    @Test func theFirstSettingsOfAnInstallationAreWritten() {
        let stored = record(notifications: .granted, settings: nil)
        let report = InstallationReport(installation: "i", notifications: NotificationSettings(enabled: []))
        guard case .write(let written, _) = RegistryPlan.plan(stored: stored, report: report, now: t0 + 60, touchInterval: 86_400)
        else {
            Issue.record("the first settings were not written")
            return
        }
        #expect(written.silentOnly == true)
    }

    /// Equal records say the same: two that differ only in their settings are not equal.
    @Test func recordsDifferingOnlyInTheirSettingsAreNotEqual() {
        let one = record(notifications: .granted, settings: NotificationSettings(enabled: []))
        var other = one
        other.notificationSettings = NotificationSettings(enabled: [.alerts])
        #expect(one != other)
        other.notificationSettings = nil
        #expect(one != other)
    }
}
