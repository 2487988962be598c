package import Permit

/// When a one-shot location request starts, which calls share it, and how it ends: by a fix, by CoreLocation's
/// error, or by the timeout.
///
/// `CLLocationManager.requestLocation()` delivers one fix, or one error, through the delegate ("Only one location
/// fix is reported to the delegate, after which location services are stopped"), and fails only when a fix
/// "cannot be determined in a timely manner", with no bound on that time. So concurrent calls share the request
/// in flight, and a timer numbered for that request fails them all with ``LocationError/timedOut`` and stops
/// location services (`stopUpdatingLocation()`), so that a late fix answers nobody. A timer of a request that already ended does
/// nothing. An error becomes what ``LocationFixFailure`` decides. The provider never prompts: a call while
/// location is not authorized fails at once with ``LocationError/permissionDenied``.
///
/// `LocationFixProvider` in `PermitLocation` carries out the actions.
///
/// For example:
///
/// ```swift
/// var machine = LocationFixRequestStateMachine()
/// machine.request(isAuthorized: true)   // .start(timer: 1): call requestLocation(), start timer 1
/// machine.request(isAuthorized: true)   // .join
/// machine.timerFired(1)                 // .cancel(.timedOut): stopUpdatingLocation(), fail both
/// ```
package struct LocationFixRequestStateMachine: Sendable {
    /// What to do with one call of `currentLocation()`.
    package enum RequestAction: Hashable, Sendable {
        /// Fail this call at once.
        case fail(LocationError)
        /// Call `requestLocation()`, and start a timer that reports ``timerFired(_:)`` with this number.
        case start(timer: Int)
        /// Wait for the request in flight.
        case join
    }

    /// How the waiting calls end.
    package enum Ending: Hashable, Sendable {
        /// Answer every waiting call with the fix.
        case deliverFix
        /// Fail every waiting call with this error.
        case fail(LocationError)
        /// Cancel the request (`stopUpdatingLocation()`), then fail every waiting call with this error.
        case cancel(LocationError)
        /// Nothing is waiting for this event: a late fix, or the timer of a request that ended.
        case ignore
    }

    /// The timer number of the request in flight.
    private var inFlight: Int?
    private var lastTimer = 0

    /// Creates a machine with no request in flight.
    package init() {}

    /// A call of `currentLocation()`, with whether location is authorized (always or when in use).
    package mutating func request(isAuthorized: Bool) -> RequestAction {
        guard isAuthorized else { return .fail(.permissionDenied) }
        if inFlight != nil { return .join }
        lastTimer += 1
        inFlight = lastTimer
        return .start(timer: lastTimer)
    }

    /// CoreLocation delivered locations.
    package mutating func receivedFix() -> Ending {
        guard inFlight != nil else { return .ignore }
        inFlight = nil
        return .deliverFix
    }

    /// CoreLocation reported an error with `domain` and `code`.
    package mutating func failed(domain: String, code: Int) -> Ending {
        guard inFlight != nil else { return .ignore }
        inFlight = nil
        return .fail(LocationFixFailure.error(domain: domain, code: code))
    }

    /// The timer numbered `timer` fired.
    package mutating func timerFired(_ timer: Int) -> Ending {
        guard inFlight == timer else { return .ignore }
        inFlight = nil
        return .cancel(.timedOut)
    }
}
