import Permit
import PermitAdapterSupport
import Testing

/// The rules the Bluetooth, HomeKit, Core Motion, App Tracking Transparency and NFC adapters share.
@Suite struct SystemRequestGateTests {
    /// A request reaches the system only while nothing is decided: the person's answer stands until Settings
    /// (Apple, "Requesting authorization to use Bluetooth", "ATTrackingManager.requestTrackingAuthorization":
    /// "the system prompts only once"); the managers and the activity query the other adapters create to ask
    /// would do work for nothing.
    @Test(arguments: PermissionStatus.allCases)
    func onlyANotDeterminedStatusAsksTheSystem(status: PermissionStatus) {
        #expect(SystemRequestGate.asksSystem(current: status) == (status == .notDetermined))
    }

    /// Apple, "NFCReaderSession.readingAvailable": whether the device supports NFC tag reading; there is no
    /// prompt, so a device that reads tags may always read them.
    @Test func nfcReadingIsGrantedWhereTheDeviceReadsTagsAndUnavailableElsewhere() {
        #expect(SystemRequestGate.nfcStatus(readingAvailable: true) == .granted)
        #expect(SystemRequestGate.nfcStatus(readingAvailable: false) == .unavailable)
    }
}
