import Foundation
import Permit
import PermitSystem
import PermitTesting
import Testing

@Suite(.timeLimit(.minutes(3))) struct NetworkCheckTests {
    static let cases: [(NetworkAvailability, SystemCheckOutcome, String, [SystemWarning])] = [
        (.available, .passed, "a network is available", []),
        (.unavailable, .failed, "offline; changes are kept on this device until the network is back", [.offline]),
        (.unknown, .couldNotDetermine, "cannot tell whether a network is available", []),
    ]

    @Test(arguments: cases)
    func eachAvailabilityMapsToAnOutcome(
        availability: NetworkAvailability, outcome: SystemCheckOutcome, detail: String, warnings: [SystemWarning]
    ) async throws {
        let report = try await SystemCheckRunner(
            checks: [NetworkCheck(monitor: SimulatedNetworkMonitor(availability))], timeout: patientTimeout,
            logger: makeTestLogger().0
        ).run()

        #expect(report.result(for: .network)?.outcome == outcome)
        #expect(report.result(for: .network)?.detail == detail)
        #expect(report.warnings == warnings)
        #expect(!report.hasCriticalWarning)
    }

    @Test func everyAvailabilityIsCovered() {
        #expect(Set(Self.cases.map(\.0)) == Set(NetworkAvailability.allCases))
    }

    @Test func offlineIsInformationInTheSeedsVoiceAndComesLast() throws {
        #expect(SystemWarning.offline.severity == .info)
        #expect(SystemWarning.offline.title == "You're Offline")
        #expect(SystemWarning.offline.message == "Changes are saved on this device and will sync when you're back online.")
        #expect(SystemWarning.offline.action == .none)
        let result = { (id: SystemCheckID) in
            SystemCheckResult(id: id, title: "", purpose: "", outcome: .failed, detail: "", checkedAt: referenceDate)
        }
        #expect(SystemWarning.warnings(for: [result(.network), result(.freeSpace)]) == [.lowFreeSpace, .offline])
    }

    @Test func theStandardChecksIncludeTheNetworkOnlyWithAMonitor() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let monitor = SimulatedNetworkMonitor(.available)
        let with = SystemCheckRunner.standardChecks(cloud: app.cloud, documents: app.documents, network: monitor)
        let without = SystemCheckRunner.standardChecks(cloud: app.cloud, documents: app.documents)
        #expect(with.map(\.id) == [.iCloud, .iCloudDrive, .cloudKit, .documents, .freeSpace, .network])
        #expect(without.map(\.id) == [.iCloud, .iCloudDrive, .cloudKit, .documents, .freeSpace])

        monitor.set(.unavailable)
        let report = try await SystemCheckRunner(checks: with, timeout: patientTimeout, logger: makeTestLogger().0).run()
        #expect(report.warnings == [.offline])
        #expect(report.result(for: .network)?.isOK == false)
    }
}
