import Foundation
import PermitServer
import Testing

@Suite struct RegistryPlanTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    func stored(states: [String: ReportedState] = ["camera": .granted]) -> InstallationRecord {
        InstallationRecord(installation: "i", token: "tok", platform: .ios, firstSeen: t0, lastSeen: t0, states: states)
    }

    @Test func aNewInstallationIsWrittenWithItsCountsAndTheDayTheyWereCounted() {
        let plan = RegistryPlan.plan(
            stored: nil, report: InstallationReport(installation: "i", token: "tok", states: ["camera": .granted]),
            now: t0 + 0.7, touchInterval: 86_400)
        var expected = stored()
        expected.counted = ["camera": CountedDays(answered: "2026-05-28")]
        expected.tokenRegistered = t0  // the report carried the token: its registration, to the second
        #expect(plan == .write(expected, counts: ["camera": GrantCounts(granted: 1)]))
    }

    @Test(arguments: [ReportedState.denied, .notDetermined])
    func aCookiesNoKeepsTheNativeStateItAgreesWith(native: ReportedState) {
        let report = InstallationReport(installation: "i", states: ["camera": .notUsable])
        #expect(RegistryPlan.plan(stored: stored(states: ["camera": native]), report: report, now: t0 + 60, touchInterval: 86_400)
            == .nothing)
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
        touched.tokenRegistered = t0 + 86_400  // the report carried the stored token
        #expect(RegistryPlan.plan(stored: stored(), report: report, now: t0 + 86_400, touchInterval: 86_400)
            == .write(touched, counts: [:]))
    }

    @Test func aNewTokenOrPlatformIsWrittenWithoutCounts() {
        var expected = stored()
        expected.token = "tok-2"
        expected.platform = .android
        expected.lastSeen = t0 + 60
        expected.proven = true
        expected.tokenRegistered = t0 + 60
        let report = InstallationReport(installation: "i", token: "tok-2", platform: .android)
        #expect(RegistryPlan.plan(stored: stored(), report: report, standing: .proven, now: t0 + 60, touchInterval: 86_400)
            == .write(expected, counts: [:]))
    }

    @Test func aQuarantinedTokenLeavesQuarantineOnlyForAnotherTokenOrEnvironment() {
        var quarantined = stored()
        quarantined.quarantined = true
        func plan(_ report: InstallationReport, standing: RegistryPlan.Standing = .proven) -> InstallationRecord? {
            guard case .write(let record, _) = RegistryPlan.plan(
                stored: quarantined, report: report, standing: standing, now: t0 + 86_400, touchInterval: 86_400)
            else { return nil }
            return record
        }
        #expect(plan(InstallationReport(installation: "i", token: "tok"))?.quarantined == true)
        #expect(plan(InstallationReport(installation: "i", token: "tok-2"))?.quarantined == false)
        let sandbox = plan(InstallationReport(installation: "i", token: "tok", environment: .sandbox))
        #expect(sandbox?.quarantined == false && sandbox?.environment == .sandbox)
        // A cookie, which proves nothing, changes neither the stored token's environment nor its quarantine.
        let cookie = plan(InstallationReport(installation: "i", token: "tok", environment: .sandbox), standing: .unproven)
        #expect(cookie?.quarantined == true && cookie?.environment == nil)
    }

    /// Each transition on 2026-05-28, with the kind's memory before it: what it adds, and the memory after.
    @Test(arguments: [
        // Answers: from undecided to decided, once a day.
        (nil, ReportedState.granted, CountedDays(), GrantCounts(granted: 1), CountedDays(answered: Self.today)),
        (.notDetermined, .denied, CountedDays(), GrantCounts(denied: 1), CountedDays(answered: Self.today)),
        (.notDetermined, .granted, CountedDays(answered: "2026-05-01"), GrantCounts(granted: 1), CountedDays(answered: Self.today)),
        (.notDetermined, .granted, CountedDays(answered: Self.today), GrantCounts(), CountedDays(answered: Self.today)),
        // A cookie's no: an answer only before any was counted; then a grant is a change of mind.
        (.notUsable, .granted, CountedDays(), GrantCounts(granted: 1), CountedDays(answered: Self.today)),
        (.notUsable, .denied, CountedDays(), GrantCounts(denied: 1), CountedDays(answered: Self.today)),
        (.notUsable, .granted, CountedDays(answered: ""), GrantCounts(changedMind: 1),
         CountedDays(answered: "", changedMind: Self.today)),
        (.notUsable, .denied, CountedDays(answered: "2026-05-01"), GrantCounts(), CountedDays(answered: "2026-05-01")),
        // Changes of mind, once a day.
        (.granted, .denied, CountedDays(answered: "2026-05-01"), GrantCounts(changedMind: 1),
         CountedDays(answered: "2026-05-01", changedMind: Self.today)),
        (.granted, .notUsable, CountedDays(), GrantCounts(changedMind: 1), CountedDays(changedMind: Self.today)),
        (.denied, .granted, CountedDays(changedMind: Self.today), GrantCounts(), CountedDays(changedMind: Self.today)),
        // Nothing: the same state, a reset, a no first seen.
        (.granted, .granted, CountedDays(), GrantCounts(), CountedDays()),
        (.granted, .notDetermined, CountedDays(), GrantCounts(), CountedDays()),
        (nil, .notUsable, CountedDays(), GrantCounts(), CountedDays()),
        (nil, .notDetermined, CountedDays(), GrantCounts(), CountedDays()),
    ] as [(ReportedState?, ReportedState, CountedDays, GrantCounts, CountedDays)])
    func transitionsCount(
        previous: ReportedState?, current: ReportedState, before: CountedDays, counts: GrantCounts, after: CountedDays
    ) {
        let transition = GrantCounts.transition(from: previous, to: current, counted: before, on: Self.today)
        #expect(transition.counts == counts)
        #expect(transition.counted == after)
        #expect(transition.counts.granted <= transition.counts.asked)
    }

    static let today = "2026-05-28"
}
