import Foundation
import PermitSystem
import Testing

/// `FileManager.ubiquityIdentityToken` is the iCloud Drive identity: Apple documents it as `nil` when no one is
/// signed in *or* iCloud Drive is off, and it is `nil` in an app without iCloud Documents. Only CloudKit's
/// `accountStatus()` says `noAccount`, and `CKContainer.default()` raises an uncatchable exception in an app
/// without the CloudKit entitlement, so CloudKit is asked only for a container the app names.
@Suite struct ICloudAccountReadingTests {
    @Test func noTokenAloneDoesNotMeanSignedOut() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: nil) == .unknown)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .couldNotDetermine) == .unknown)
    }

    @Test func aTokenMeansSignedIn() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: true, cloudKit: nil) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: true, cloudKit: .noAccount) == .signedIn)
    }

    @Test func cloudKitTellsWhenDriveIsOff() {
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .available) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .restricted) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .temporarilyUnavailable) == .signedIn)
        #expect(ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .noAccount) == .signedOut)
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
