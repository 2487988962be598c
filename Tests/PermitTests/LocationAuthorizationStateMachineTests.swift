import Permit
import PermitAdapterSupport
import Testing

/// How CoreLocation's one authorization reads for `location` and `locationAlways`, after Apple's documentation
/// of `requestAlwaysAuthorization()`: from when-in-use an app may ask for always once ("the system shows the
/// prompt only once"); asked from not determined, "Allow While Using App" grants provisional always, reported as
/// `authorizedAlways`, and the always prompt comes later.
@Suite struct LocationAuthorizationStateMachineTests {
    typealias Machine = LocationAuthorizationStateMachine
    let whenInUse = Machine.Reading(authorization: .authorizedWhenInUse)
    let always = Machine.Reading(authorization: .authorizedAlways)
    let notDetermined = Machine.Reading(authorization: .notDetermined)

    @Test func whenInUseBeforeAnyAlwaysRequestLeavesAlwaysToBeAsked() {
        let machine = Machine(alwaysRequested: false, canRequestAlways: true)
        #expect(machine.status(of: .location, reading: whenInUse) == .granted)
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .notDetermined)
    }

    @Test func theOneUpgradeRequestIsMadeAndThenAlwaysReadsDenied() {
        var machine = Machine(alwaysRequested: false, canRequestAlways: true)
        #expect(machine.requestAction(for: .locationAlways, reading: whenInUse) == .askAlways)
        #expect(machine.alwaysRequested, "persisted by the adapter")
        // The upgrade prompt is on screen: not denied yet.
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .notDetermined)
        machine.requestFinished(.askAlways, reading: whenInUse)  // "Keep Only While Using"
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .denied)
        #expect(machine.requestAction(for: .locationAlways, reading: whenInUse) == .none, "only once")
    }

    @Test func anInstallThatAskedInAnEarlierLaunchReadsDeniedAndDoesNotAskAgain() {
        var machine = Machine(alwaysRequested: true, canRequestAlways: true)
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .denied)
        #expect(machine.requestAction(for: .locationAlways, reading: whenInUse) == .none)
    }

    @Test func alwaysAskedFromNotDeterminedAndGrantedIsProvisionalForTheLaunch() {
        var machine = Machine(alwaysRequested: false, canRequestAlways: true)
        #expect(machine.requestAction(for: .locationAlways, reading: notDetermined) == .askAlways)
        machine.requestFinished(.askAlways, reading: always)  // "Allow While Using App"
        #expect(machine.status(of: .locationAlways, reading: always) == .provisional)
        #expect(machine.status(of: .location, reading: always) == .granted)
        // The later always prompt, answered "Keep Only While Using".
        machine.authorizationChanged(to: .authorizedWhenInUse)
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .denied)
        // The next launch, with always confirmed.
        let relaunched = Machine(alwaysRequested: machine.alwaysRequested, canRequestAlways: true)
        #expect(relaunched.status(of: .locationAlways, reading: always) == .granted)
    }

    @Test func aProvisionalAlwaysGrantSurvivesARelaunch() {
        var machine = Machine(alwaysRequested: false, canRequestAlways: true)
        _ = machine.requestAction(for: .locationAlways, reading: notDetermined)
        machine.requestFinished(.askAlways, reading: always)  // "Allow While Using App"
        #expect(machine.isProvisionalAlways, "persisted by the adapter")
        // The next launch: CoreLocation reports authorizedAlways again, at once, through the delegate.
        var relaunched = Machine(
            alwaysRequested: machine.alwaysRequested, canRequestAlways: true,
            provisionalAlways: machine.isProvisionalAlways)
        relaunched.authorizationChanged(to: .authorizedAlways)
        #expect(relaunched.status(of: .locationAlways, reading: always) == .provisional)
        // The always prompt, answered "Keep Only While Using", ends it, and that is persisted too.
        relaunched.authorizationChanged(to: .authorizedWhenInUse)
        #expect(!relaunched.isProvisionalAlways)
        // An authority that cannot ask for always never reads a provisional grant.
        let whenInUseOnly = Machine(alwaysRequested: false, canRequestAlways: false, provisionalAlways: true)
        #expect(whenInUseOnly.status(of: .locationAlways, reading: always) == .granted)
    }

    @Test func anUpgradeFromWhenInUseToAlwaysIsNotProvisional() {
        var machine = Machine(alwaysRequested: false, canRequestAlways: true)
        _ = machine.requestAction(for: .locationAlways, reading: whenInUse)
        machine.requestFinished(.askAlways, reading: always)
        #expect(machine.status(of: .locationAlways, reading: always) == .granted)
    }

    @Test func withoutTheAlwaysModuleNothingAsksForAlways() {
        var machine = Machine(alwaysRequested: false, canRequestAlways: false)
        #expect(machine.requestAction(for: .locationAlways, reading: notDetermined) == .none)
        #expect(machine.requestAction(for: .locationAlways, reading: whenInUse) == .none)
        #expect(machine.requestAction(for: .location, reading: notDetermined) == .askWhenInUse)
        #expect(!machine.alwaysRequested)
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .denied, "it can never be asked here")
    }

    @Test(arguments: [Machine.Authorization.notDetermined, .restricted, .denied, .authorizedWhenInUse, .authorizedAlways])
    func locationServicesOffIsUnavailableAndAsksNothing(authorization: Machine.Authorization) {
        var machine = Machine(alwaysRequested: false, canRequestAlways: true)
        let off = Machine.Reading(servicesEnabled: false, authorization: authorization)
        #expect(machine.status(of: .location, reading: off) == .unavailable)
        #expect(machine.status(of: .locationAlways, reading: off) == .unavailable)
        #expect(machine.requestAction(for: .location, reading: off) == .none)
    }

    @Test func reducedAccuracyReadsApproximateAndTheOtherCasesTranslate() {
        let machine = Machine(alwaysRequested: true, canRequestAlways: true)
        let reduced = Machine.Reading(authorization: .authorizedAlways, reducedAccuracy: true)
        #expect(machine.status(of: .locationAlways, reading: reduced) == .approximate)
        #expect(machine.status(of: .location, reading: .init(authorization: .denied)) == .denied)
        #expect(machine.status(of: .location, reading: .init(authorization: .restricted)) == .restricted)
        #expect(machine.status(of: .location, reading: .init(authorization: .unknown)) == .unavailable)
        #expect(machine.status(of: .camera, reading: always) == .unavailable)
    }

    @Test func theEndOfAWhenInUseRequestLeavesAnUpgradeInFlightOnScreen() {
        var machine = Machine(alwaysRequested: false, canRequestAlways: true)
        #expect(machine.requestAction(for: .locationAlways, reading: whenInUse) == .askAlways)
        machine.requestFinished(.none, reading: whenInUse)  // a concurrent request for `location`
        #expect(machine.status(of: .locationAlways, reading: whenInUse) == .notDetermined, "the prompt is still up")
    }
}
