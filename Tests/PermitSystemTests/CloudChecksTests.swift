import Foundation
import PermitSystem
import PermitTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct CloudChecksTests {
    let logger = makeTestLogger().0

    func report(_ cloud: some CloudAccountProvider) async throws -> SystemReport {
        try await SystemCheckRunner(
            checks: [ICloudAccountCheck(provider: cloud), ICloudDriveCheck(provider: cloud), CloudKitAccountCheck(provider: cloud)],
            now: { referenceDate }, logger: logger
        ).run()
    }

    @Test func aSignedInAccountWithDriveAndCloudKitRaisesNothing() async throws {
        let report = try await report(SimulatedCloud())

        #expect(report.results.map(\.id) == [.iCloud, .iCloudDrive, .cloudKit])
        #expect(report.results.allSatisfy { $0.isOK })
        #expect(report.results.map(\.detail) == [
            "signed in to iCloud", "the iCloud Drive container is reachable", "the CloudKit account is available",
        ])
        #expect(report.results.allSatisfy { $0.checkedAt == referenceDate })
        #expect(report.warnings.isEmpty)
    }

    static let cloudKitCases: [(CloudKitAccountStatus, SystemCheckOutcome, String, [SystemWarning])] = [
        (.available, .passed, "the CloudKit account is available", []),
        (.noAccount, .failed, "no iCloud account is signed in for CloudKit", [.cloudKitUnavailable]),
        (.restricted, .failed, "CloudKit is restricted by parental controls or device management", [.cloudKitUnavailable]),
        (.couldNotDetermine, .couldNotDetermine, "CloudKit could not determine the account status", [.cloudKitUnavailable]),
        (.temporarilyUnavailable, .failed, "the CloudKit account is temporarily unavailable", [.cloudKitUnavailable]),
    ]

    @Test(arguments: cloudKitCases)
    func eachCloudKitStatusMapsToTheSeedsOutcome(
        status: CloudKitAccountStatus, outcome: SystemCheckOutcome, detail: String, warnings: [SystemWarning]
    ) async throws {
        let report = try await report(SimulatedCloud(cloudKitStatus: status))

        #expect(report.result(for: .cloudKit)?.outcome == outcome)
        #expect(report.result(for: .cloudKit)?.detail == detail)
        #expect(report.warnings == warnings)
        #expect(!report.hasCriticalWarning)
    }

    @Test func everyCloudKitStatusIsCovered() {
        #expect(Set(Self.cloudKitCases.map(\.0)) == Set(CloudKitAccountStatus.allCases))
    }

    @Test func signedOutIsCriticalAndHidesTheDriveWarning() async throws {
        let report = try await report(SimulatedCloud(signedIn: false, driveReachable: false, cloudKitStatus: .noAccount))

        #expect(report.result(for: .iCloud)?.outcome == .failed)
        #expect(report.result(for: .iCloudDrive)?.outcome == .failed)
        #expect(report.warnings == [.iCloudNotAvailable, .cloudKitUnavailable])
        #expect(report.hasCriticalWarning)
    }

    @Test func driveOffWhileSignedInIsAWarning() async throws {
        let report = try await report(SimulatedCloud(driveReachable: false))

        #expect(report.warnings == [.iCloudDriveDisabled])
        #expect(report.warnings.first?.action == .openSettings)
    }

    @Test func aProviderThatThrowsIsCouldNotDetermine() async throws {
        let cloud = SimulatedCloud()
        await cloud.setFailure(SystemError.couldNotDetermine.withDetail("no network"))

        let report = try await report(cloud)

        #expect(report.results.map(\.outcome) == [.couldNotDetermine, .couldNotDetermine, .couldNotDetermine])
        #expect(report.result(for: .iCloud)?.detail == "the check failed: could not determine: no network")
        // Not knowing whether someone is signed in raises nothing; CloudKit not answering means no sync.
        #expect(report.warnings == [.cloudKitUnavailable])
    }

    @Test func aSystemWithoutICloudReportsNotSupportedAndRaisesNothing() async throws {
        let report = try await report(UnsupportedCloudAccountProvider())

        #expect(report.results.map(\.outcome) == [.notSupported, .notSupported, .notSupported])
        #expect(report.results.allSatisfy { $0.detail == "not available on this platform" })
        #expect(report.warnings.isEmpty)
    }
}
