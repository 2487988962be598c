import PermitWeb
import Testing
import PermitAdapterSupport
import PermitHostSupport

/// The one-shot location request of `LocationFixProvider`, modelled on `CLLocationManager.requestLocation()`
/// (Apple, "requestLocation()"): it returns at once, reports one fix through `locationManager(_:didUpdateLocations:)`
/// "after which location services are stopped", and calls `locationManager(_:didFailWithError:)` only when a fix
/// "cannot be determined in a timely manner", a time it does not bound. `CLError.denied` (code 1 of
/// `kCLErrorDomain`, Apple, "CLError.Code.denied") means the person turned location off for the app.
@Suite struct LocationFixRequestStateMachineTests {
    @Test func aCallWithoutAuthorizationFailsAtOnceAndAsksNothing() {
        var machine = LocationFixRequestStateMachine()
        #expect(machine.request(isAuthorized: false) == .fail(.permissionDenied))
        #expect(machine.request(isAuthorized: true) == .start(timer: 1), "nothing was in flight")
    }

    @Test func concurrentCallsShareOneRequestAndOneFix() {
        var machine = LocationFixRequestStateMachine()
        #expect(machine.request(isAuthorized: true) == .start(timer: 1))
        #expect(machine.request(isAuthorized: true) == .join)
        #expect(machine.receivedFix() == .deliverFix)
        #expect(machine.receivedFix() == .ignore, "a second delivery answers nobody")
        #expect(machine.request(isAuthorized: true) == .start(timer: 2), "the next call asks again")
    }

    @Test func aRequestThatNeverAnswersTimesOutAndIsCancelled() {
        var machine = LocationFixRequestStateMachine()
        guard case .start(let timer) = machine.request(isAuthorized: true) else {
            Issue.record("the first call starts a request")
            return
        }
        #expect(machine.request(isAuthorized: true) == .join)
        #expect(machine.timerFired(timer) == .cancel(.timedOut))
        #expect(machine.receivedFix() == .ignore, "a fix after the timeout answers nobody")
    }

    @Test func theTimerOfAnEndedRequestFailsNoLaterOne() {
        var machine = LocationFixRequestStateMachine()
        #expect(machine.request(isAuthorized: true) == .start(timer: 1))
        #expect(machine.receivedFix() == .deliverFix)
        #expect(machine.request(isAuthorized: true) == .start(timer: 2))
        #expect(machine.timerFired(1) == .ignore, "timer 1 belonged to the answered request")
        #expect(machine.timerFired(2) == .cancel(.timedOut))
    }

    @Test func deniedStaysAPermissionProblemAndOtherErrorsAreUnavailable() {
        var machine = LocationFixRequestStateMachine()
        _ = machine.request(isAuthorized: true)
        #expect(machine.failed(domain: "kCLErrorDomain", code: 1) == .fail(.permissionDenied))
        _ = machine.request(isAuthorized: true)
        // CLError.locationUnknown (0) and CLError.network (2): no fix this time.
        #expect(machine.failed(domain: "kCLErrorDomain", code: 0) == .fail(.unavailable))
        _ = machine.request(isAuthorized: true)
        #expect(machine.failed(domain: "kCLErrorDomain", code: 2) == .fail(.unavailable))
        #expect(machine.failed(domain: "kCLErrorDomain", code: 1) == .ignore, "no request in flight")
    }
}
