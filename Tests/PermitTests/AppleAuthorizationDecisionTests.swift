import Foundation
import Permit
import PermitAdapterSupport
import PermitTesting
import Testing

/// `AVCaptureDevice.requestAccess(for:)` terminates an app whose Info.plist lacks the purpose string (Apple,
/// "Requesting authorization to capture and save media": "If your app doesn't include the usage description
/// key ... it crashes"): the adapters ask only with the key present, and report the kind unavailable without.
@Suite struct CaptureAuthorizationDecisionTests {
    typealias Decision = CaptureAuthorizationDecision

    @Test func aMissingPurposeStringIsUnavailableAndNeverAsked() {
        #expect(Decision.requestAction(authorization: .notDetermined, hasDevice: true, hasPurposeString: false) == .answer(.unavailable))
        #expect(Decision.status(authorization: .notDetermined, hasDevice: true, hasPurposeString: false) == .unavailable)
    }

    @Test func withTheKeyAndADeviceOnlyNotDeterminedAsks() {
        #expect(Decision.requestAction(authorization: .notDetermined, hasDevice: true, hasPurposeString: true) == .ask)
        #expect(Decision.requestAction(authorization: .denied, hasDevice: true, hasPurposeString: true) == .answer(.denied))
        #expect(Decision.requestAction(authorization: .authorized, hasDevice: true, hasPurposeString: true) == .answer(.granted))
        #expect(Decision.requestAction(authorization: .restricted, hasDevice: true, hasPurposeString: true) == .answer(.restricted))
    }

    @Test func noCaptureDeviceIsUnavailable() {
        #expect(Decision.requestAction(authorization: .notDetermined, hasDevice: false, hasPurposeString: true) == .answer(.unavailable))
    }

    @Test func thePurposeKeysAreApples() {
        #expect(Decision.purposeKey(for: .camera) == "NSCameraUsageDescription")
        #expect(Decision.purposeKey(for: .microphone) == "NSMicrophoneUsageDescription")
        #expect(Decision.purposeKey(for: .location) == nil)
    }
}

/// Provisional notifications: `requestAuthorization(options:)` with `.provisional` grants quiet delivery with no
/// prompt; from provisional, asking without `.provisional` shows the real prompt (Apple, "Asking permission to use
/// notifications"). An app configured for provisional must still be able to reach that prompt.
@Suite(.timeLimit(.minutes(1))) struct NotificationRequestDecisionTests {
    @Test func provisionalIsAskedOnlyFromNotDetermined() {
        #expect(NotificationRequestDecision.action(current: .notDetermined, provisionalConfigured: true) == .askProvisional)
        #expect(NotificationRequestDecision.action(current: .provisional, provisionalConfigured: true) == .askWithPrompt)
        #expect(NotificationRequestDecision.action(current: .notDetermined, provisionalConfigured: false) == .askWithPrompt)
        #expect(NotificationRequestDecision.action(current: .granted, provisionalConfigured: true) == .none)
        #expect(NotificationRequestDecision.action(current: .denied, provisionalConfigured: false) == .none)
    }

    @Test func aSilentProvisionalGrantIsNotAPromptShown() {
        #expect(!PermissionStatus.requestShowedPrompt(from: .notDetermined, to: .provisional))
        #expect(PermissionStatus.requestShowedPrompt(from: .notDetermined, to: .granted))
        #expect(PermissionStatus.requestShowedPrompt(from: .provisional, to: .granted))
        #expect(!PermissionStatus.requestShowedPrompt(from: .denied, to: .denied))
    }

    @Test func theCenterDoesNotCountTheProvisionalRequestAsAsked() async throws {
        let device = SimulatedDevice()
        let center = PermissionCenter(
            kinds: [.notifications], authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: makeTestLogger().0),
            logger: makeTestLogger().0)
        await device.launchApp()
        await device.answerNextPrompt(for: .notifications, with: .provisional)
        let quiet = try await center.request(.notifications)
        #expect(quiet.status == .provisional)
        #expect(!quiet.hasPrompted, "no prompt was on screen")
        await device.answerNextPrompt(for: .notifications, with: .granted)
        let answered = try await center.request(.notifications)
        #expect(answered.status == .granted)
        #expect(answered.hasPrompted)
    }
}
