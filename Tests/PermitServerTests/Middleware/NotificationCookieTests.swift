import Foundation
import Permit
import PermitServer
import Testing

/// The eight `p_Notification_…` cookies, read as one set of notification settings and never as kinds.
@Suite struct NotificationCookieTests {
    let limits = ReportLimits()

    /// The eight cookies with `on` set to yes and the others to no, in the table's order.
    static func settings(on: Set<NotificationSettings.Setting>, prefix: String = "p_") -> String {
        NotificationSettings.Setting.allCases.map {
            "\(NotificationSettings.cookieName($0, permissionPrefix: prefix))=\(on.contains($0) ? "yes" : "no")"
        }.joined(separator: "; ")
    }

    @Test func theCookieNamesAreTheAppsContract() {
        #expect(NotificationSettings.Setting.allCases.map { NotificationSettings.cookieName($0) } == [
            "p_Notification_Alerts", "p_Notification_Sounds", "p_Notification_Badges", "p_Notification_LockScreen",
            "p_Notification_Center", "p_Notification_Critical", "p_Notification_TimeSensitive", "p_Notification_Summary",
        ])
    }

    @Test func theWholeSetIsReadBesideTheNotificationState() {
        let reading = CookieReport.read(
            header: "permit_installation=inst-1; p_Notification=yes; \(Self.settings(on: [.critical, .summary])); p_Camera=no",
            limits: limits)
        #expect(reading.report == InstallationReport(
            installation: "inst-1", states: ["notifications": .granted, "camera": .notUsable],
            notifications: NotificationSettings(enabled: [.critical, .summary])))
        #expect(reading.ignored.isEmpty)
    }

    @Test func valuesAreReadInAnyCaseAndInQuotesAsPermissionCookiesAre() {
        let header = NotificationSettings.Setting.allCases.map {
            "\(NotificationSettings.cookieName($0))=\($0 == .alerts ? "\"YES\"" : "No")"
        }.joined(separator: "; ")
        let report = CookieReport.parse(header: "permit_installation=inst-1; " + header, limits: limits)
        #expect(report?.notifications == NotificationSettings(enabled: [.alerts]))
    }

    /// No `p_Notification_…` cookie is a kind, even with the app's own kinds declared: the states stay the kinds'.
    @Test func theSettingsAreNeverKinds() {
        var declared = ReportLimits()
        #expect(declared.declareKinds("lidar,notificationAlerts").isEmpty)
        for limits in [limits, declared] {
            let report = CookieReport.parse(
                header: "permit_installation=inst-1; \(Self.settings(on: [.alerts])); p_Notification_Bogus=yes", limits: limits)
            #expect(report?.states == [:])
            #expect(report?.notifications == NotificationSettings(enabled: [.alerts]))
        }
    }

    /// A partial set is not the person's settings: a missing one could be on. It is ignored whole, and counted once.
    @Test(arguments: NotificationSettings.Setting.allCases)
    func aSetMissingOneIsIgnoredWholeAndTheRestRead(missing: NotificationSettings.Setting) {
        let header = NotificationSettings.Setting.allCases.filter { $0 != missing }
            .map { "\(NotificationSettings.cookieName($0))=no" }.joined(separator: "; ")
        let reading = CookieReport.read(header: "permit_installation=inst-1; p_Notification=yes; \(header)", limits: limits)
        #expect(reading.report == InstallationReport(installation: "inst-1", states: ["notifications": .granted]))
        #expect(reading.ignored == ["incomplete notification settings"])
    }

    @Test(arguments: ["maybe", "", "1", "true", "yes no", "%79es"])
    func aMalformedSettingIgnoresTheSetAndIsCounted(value: String) {
        let header = Self.settings(on: []).replacingOccurrences(of: "p_Notification_Sounds=no", with: "p_Notification_Sounds=\(value)")
        let reading = CookieReport.read(header: "permit_installation=inst-1; \(header); p_Location=yes", limits: limits)
        #expect(reading.report == InstallationReport(installation: "inst-1", states: ["location": .granted]))
        #expect(reading.ignored == ["malformed notification setting cookie"])
    }

    /// Of two cookies with one name the first is read, as for every cookie Permit reads, even when it is malformed.
    @Test func ofTwoCookiesWithOneNameTheFirstIsRead() {
        let twice = CookieReport.parse(
            header: "permit_installation=inst-1; p_Notification_Alerts=yes; \(Self.settings(on: []))", limits: limits)
        #expect(twice?.notifications == NotificationSettings(enabled: [.alerts]))
        let malformedFirst = CookieReport.read(
            header: "permit_installation=inst-1; p_Notification_Alerts=maybe; \(Self.settings(on: []))", limits: limits)
        #expect(malformedFirst.report?.notifications == nil)
        #expect(malformedFirst.ignored == ["malformed notification setting cookie"])
    }

    /// Names are compared exactly; another `p_Notification_…` name is the site's own, passed over and not counted.
    @Test func otherNamesAreTheSitesOwn() {
        let reading = CookieReport.read(
            header: "permit_installation=inst-1; P_NOTIFICATION_ALERTS=yes; p_Notification_alerts=yes; p_Notification_=no; "
                + "p_Notification__Alerts=no; p_Notification_Alerts_=no; p_Notifications_Alerts=no",
            limits: limits)
        #expect(reading.report == InstallationReport(installation: "inst-1"))
        #expect(reading.ignored.isEmpty)
    }

    /// A flood of them costs the bounded header's parse and nothing else: the first of each name is read, every
    /// other one passed over, and a malformed one counted once.
    @Test func aFloodIsReadOnceAndCountedOnce() {
        let flood = Array(repeating: "p_Notification_Alerts=maybe", count: 2_000).joined(separator: "; ")
        let reading = CookieReport.read(
            header: "permit_installation=inst-1; \(flood); \(Self.settings(on: [])); p_Camera=yes", limits: limits)
        #expect(reading.report == InstallationReport(installation: "inst-1", states: ["camera": .granted]))
        #expect(reading.ignored == ["malformed notification setting cookie"])

        let unknown = (0..<2_000).map { "p_Notification_X\($0)=yes" }.joined(separator: "; ")
        let many = CookieReport.read(
            header: "permit_installation=inst-1; \(unknown); \(Self.settings(on: [.badges]))", limits: limits)
        #expect(many.report?.notifications == NotificationSettings(enabled: [.badges]) && many.ignored.isEmpty)
    }

    @Test func theySharePermissionsConfigurablePrefix() {
        var custom = ReportLimits()
        custom.permissionPrefix = "perm_"
        let report = CookieReport.parse(
            header: "permit_installation=inst-1; \(Self.settings(on: [.sounds], prefix: "perm_")); \(Self.settings(on: []))",
            limits: custom)
        #expect(report?.notifications == NotificationSettings(enabled: [.sounds]))
    }

    @Test func withoutTheSetTheReportHasNoSettings() {
        let report = CookieReport.parse(header: "permit_installation=inst-1; p_Notification=yes", limits: limits)
        #expect(report?.notifications == nil && report?.states == ["notifications": .granted])
    }
}
