import Permit
import PermitAdapterSupport
import Testing

/// What Nearby Interaction's adapter reads, modelled on the framework: no status API; the person is asked when
/// the app runs its first session, and a refusal invalidates the session with `NIError.Code.userDidNotAllow`
/// (Apple, "NIError.Code.userDidNotAllow"); precise distance needs the U1 chip
/// (`NISession.deviceCapabilities.supportsPreciseDistanceMeasurement`).
@Suite struct NearbyInteractionOutcomeTests {
    @Test func withoutTheChipItIsUnavailableWhateverWasRemembered() {
        #expect(NearbyInteractionOutcome.status(supportsPreciseDistance: false, remembered: "granted") == .unavailable)
    }

    @Test func nothingRememberedIsNotDetermined() {
        #expect(NearbyInteractionOutcome.status(supportsPreciseDistance: true, remembered: nil) == .notDetermined)
        #expect(NearbyInteractionOutcome.status(supportsPreciseDistance: true, remembered: "garbage") == .notDetermined)
    }

    @Test func aRefusalIsRememberedAndOtherInvalidationsChangeNothing() {
        #expect(NearbyInteractionOutcome.afterInvalidation(userDidNotAllow: true) == .denied)
        #expect(NearbyInteractionOutcome.afterInvalidation(userDidNotAllow: false) == nil, "the peer left, say")
        let remembered = PermissionStatus.denied.rawValue
        #expect(NearbyInteractionOutcome.status(supportsPreciseDistance: true, remembered: remembered) == .denied)
    }

    @Test func aSessionThatRanIsGrantedEvenAfterARefusal() {
        #expect(NearbyInteractionOutcome.afterSessionRan == .granted)
        #expect(NearbyInteractionOutcome.isChange(to: .granted, remembered: PermissionStatus.denied.rawValue))
        #expect(!NearbyInteractionOutcome.isChange(to: .granted, remembered: PermissionStatus.granted.rawValue))
    }
}
