import Foundation
import PermitServer
import Testing

@Suite struct RegistryPlanTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    func stored(states: [String: ReportedState] = ["camera": .granted]) -> InstallationRecord {
        InstallationRecord(installation: "i", token: "tok", platform: .ios, firstSeen: t0, lastSeen: t0, states: states)
    }

    @Test func aNewInstallationIsWrittenWithItsCounts() {
        let plan = RegistryPlan.plan(
            stored: nil, report: InstallationReport(installation: "i", token: "tok", states: ["camera": .granted]),
            now: t0 + 0.7, touchInterval: 86_400)
        #expect(plan == .write(stored(), counts: ["camera": GrantCounts(asked: 1, granted: 1)]))
    }

    @Test func aRepeatedReportWithinTheTouchIntervalWritesNothing() {
        let report = InstallationReport(installation: "i", token: "tok", states: ["camera": .granted])
        #expect(RegistryPlan.plan(stored: stored(), report: report, now: t0 + 3_600, touchInterval: 86_400) == .nothing)
        #expect(RegistryPlan.plan(stored: stored(), report: InstallationReport(installation: "i"),
                                  now: t0 + 3_600, touchInterval: 86_400) == .nothing)
    }

    @Test func aRepeatedReportAfterTheTouchIntervalRefreshesLastSeenOnly() {
        let report = InstallationReport(installation: "i", token: "tok")
        var touched = stored()
        touched.lastSeen = t0 + 86_400
        #expect(RegistryPlan.plan(stored: stored(), report: report, now: t0 + 86_400, touchInterval: 86_400)
            == .write(touched, counts: [:]))
    }

    @Test func aNewTokenOrPlatformIsWrittenWithoutCounts() {
        var expected = stored()
        expected.token = "tok-2"
        expected.platform = .android
        expected.lastSeen = t0 + 60
        let report = InstallationReport(installation: "i", token: "tok-2", platform: .android)
        #expect(RegistryPlan.plan(stored: stored(), report: report, now: t0 + 60, touchInterval: 86_400)
            == .write(expected, counts: [:]))
    }

    @Test(arguments: [
        (nil, ReportedState.granted, GrantCounts(asked: 1, granted: 1)),
        (.notDetermined, .denied, GrantCounts(asked: 1, denied: 1)),
        (.notUsable, .granted, GrantCounts(granted: 1)),
        (.granted, .denied, GrantCounts(denied: 1, changedMind: 1)),
        (.granted, .notUsable, GrantCounts(changedMind: 1)),
        (.denied, .granted, GrantCounts(granted: 1, changedMind: 1)),
        (.granted, .granted, GrantCounts()),
        (nil, .notUsable, GrantCounts()),
    ] as [(ReportedState?, ReportedState, GrantCounts)])
    func transitionsCount(previous: ReportedState?, current: ReportedState, expected: GrantCounts) {
        #expect(GrantCounts.transition(from: previous, to: current) == expected)
    }
}
