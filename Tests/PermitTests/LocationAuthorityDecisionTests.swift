import Permit
import PermitAdapterSupport
import Testing

/// The two decisions `LocationAuthority` makes around its state machine, modelled on CoreLocation:
/// `locationManagerDidChangeAuthorization(_:)` is called "when the app creates the related object's
/// CLLocationManager instance, and when the app's authorization status changes" (Apple,
/// "locationManagerDidChangeAuthorization(_:)"), and `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`
/// asks for precise location for an app the person allowed approximate location only (Apple,
/// "requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)", "CLAccuracyAuthorization").
@Suite struct LocationAuthorityDecisionTests {
    typealias Machine = LocationAuthorizationStateMachine

    @Test func aCallbackWithTheStatusAskedFromIsNoAnswer() {
        #expect(!Machine.isAnswer(to: .notDetermined, reported: .notDetermined), "the callback of the manager's creation")
        #expect(Machine.isAnswer(to: .notDetermined, reported: .authorizedWhenInUse))
        #expect(Machine.isAnswer(to: .notDetermined, reported: .denied))
        #expect(Machine.isAnswer(to: .authorizedWhenInUse, reported: .authorizedAlways), "the upgrade to always")
        #expect(!Machine.isAnswer(to: .authorizedWhenInUse, reported: .authorizedWhenInUse), "kept while in use")
    }

    @Test func temporaryFullAccuracyIsAskedOnlyForReducedAccuracyWithLocationAccess() {
        #expect(Machine.asksForTemporaryFullAccuracy(.init(authorization: .authorizedWhenInUse, reducedAccuracy: true)))
        #expect(Machine.asksForTemporaryFullAccuracy(.init(authorization: .authorizedAlways, reducedAccuracy: true)))
        #expect(!Machine.asksForTemporaryFullAccuracy(.init(authorization: .authorizedWhenInUse, reducedAccuracy: false)))
        for authorization: Machine.Authorization in [.notDetermined, .denied, .restricted] {
            #expect(!Machine.asksForTemporaryFullAccuracy(.init(authorization: authorization, reducedAccuracy: true)))
        }
    }
}
