import Foundation
import PermitSystem
import Testing

/// `FileManager.ubiquityIdentityToken` is the iCloud Drive identity: Apple documents it as `nil` when no one is
/// signed in *or* iCloud Drive is off, and it is `nil` in an app without iCloud Documents. Only CloudKit's
/// `accountStatus()` says `noAccount`, and `CKContainer.default()` raises an uncatchable exception in an app
/// without the CloudKit entitlement, so CloudKit is asked only for a container the app names.
@Suite struct ICloudAccountReadingTests {
    /// With a container, no token is not enough to say signed out: CloudKit must say `noAccount`.
    @Test func withAContainerNoTokenAloneDoesNotMeanSignedOut() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: nil, cloudKitConfigured: true) == .unknown)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .couldNotDetermine, cloudKitConfigured: true) == .unknown)
    }

    /// Without a container the token is the only signal, read as seed 004 reads it: none is signed out.
    @Test func withoutAContainerNoTokenIsSignedOut() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: nil, cloudKitConfigured: false) == .signedOut)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: true, cloudKit: nil, cloudKitConfigured: false) == .signedIn)
    }

    @Test func aTokenMeansSignedIn() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: true, cloudKit: nil, cloudKitConfigured: true) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: true, cloudKit: .noAccount, cloudKitConfigured: true) == .signedIn)
    }

    @Test func cloudKitTellsWhenDriveIsOff() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .available, cloudKitConfigured: true) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .restricted, cloudKitConfigured: true) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .temporarilyUnavailable, cloudKitConfigured: true) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .noAccount, cloudKitConfigured: true) == .signedOut)
    }

    @Test func cloudKitIsAskedOnlyForAConfiguredContainer() {
        #expect(ICloudAccountReading.cloudKitQuery(containerIdentifier: nil) == .notConfigured)
        #expect(ICloudAccountReading.cloudKitQuery(containerIdentifier: "") == .notConfigured)
        #expect(ICloudAccountReading.cloudKitQuery(containerIdentifier: "iCloud.com.example.app")
            == .ask(containerIdentifier: "iCloud.com.example.app"))
    }
}

/// The "last checked" line is redrawn as often as its words can change, so that it does not stay "just now".
@Suite struct LastCheckedRefreshTests {
    let checked = Date(timeIntervalSince1970: 1_763_778_000)

    @Test func theIntervalGrowsWithTheAge() {
        #expect(LastCheckedFormatter.refreshInterval(checkedAt: checked, now: checked.addingTimeInterval(5)) == 1)
        #expect(LastCheckedFormatter.refreshInterval(checkedAt: checked, now: checked.addingTimeInterval(300)) == 60)
        #expect(LastCheckedFormatter.refreshInterval(checkedAt: checked, now: checked.addingTimeInterval(7_200)) == 3_600)
        #expect(LastCheckedFormatter.refreshInterval(checkedAt: checked, now: checked.addingTimeInterval(200_000)) == 86_400)
        #expect(LastCheckedFormatter.refreshInterval(checkedAt: nil, now: checked) == 3_600)
    }
}

/// A person signed out of iCloud, in an app that names no CloudKit container, is told "iCloud Not Available":
/// the provider reads the identity token alone, as `ICloudAccountProvider` does with no container.
@Suite struct SignedOutWithoutAContainerTests {
    /// The signals of a device (no identity token), read by the decision `ICloudAccountProvider` makes.
    struct TokenOnlyAccount: CloudAccountProvider {
        let hasIdentityToken: Bool

        func isSignedIn() async throws -> Bool {
            try ICloudAccountReading.isSignedIn(
                hasIdentityToken: hasIdentityToken, cloudKit: nil,
                query: ICloudAccountReading.cloudKitQuery(containerIdentifier: nil))
        }
        func isDriveContainerReachable() async throws -> Bool { hasIdentityToken }
        func cloudKitAccountStatus() async throws -> CloudKitAccountStatus { .couldNotDetermine }
    }

    @Test func aSignedOutAccountWithNoContainerGivesICloudNotAvailable() async throws {
        let logger = makeTestLogger().0
        let signedOut = try await SystemCheckRunner(
            checks: [ICloudAccountCheck(provider: TokenOnlyAccount(hasIdentityToken: false))], logger: logger
        ).run()
        #expect(signedOut.warnings == [.iCloudNotAvailable])
        #expect(signedOut.warnings.first?.title == "iCloud Not Available")
        let signedIn = try await SystemCheckRunner(
            checks: [ICloudAccountCheck(provider: TokenOnlyAccount(hasIdentityToken: true))], logger: logger
        ).run()
        #expect(signedIn.warnings.isEmpty)
    }
}
