package import Permit

/// CoreLocation's authorization as Permit reads it: the statuses of ``PermissionKind/location`` and
/// ``PermissionKind/locationAlways``, and which request to make, from what CoreLocation reports and what this
/// install asked before.
///
/// `CLLocationManager` reports one authorization for both kinds, and Apple's documentation of
/// `requestAlwaysAuthorization()` adds rules it does not report:
///
/// - From when-in-use, an app may ask for always once: "the system shows the prompt only once". Until it has
///   asked, always is not denied but still to be asked (``PermissionStatus/notDetermined``); after, it is
///   ``PermissionStatus/denied``. While that upgrade prompt is on screen, it is still `notDetermined`. An
///   authority that cannot ask for always (``canRequestAlways`` false) reads it `denied`, as before.
/// - Asked from not determined, iOS 13 and later show the when-in-use prompt; "Allow While Using App" grants
///   *provisional* always authorization, reported as `authorizedAlways`, and the real always prompt comes later,
///   when the app uses location in the background. Permit reads that grant as ``PermissionStatus/provisional``
///   until CoreLocation reports any other authorization, also after a relaunch (CoreLocation still reports
///   `authorizedAlways` then, and says nothing of the grant being provisional).
///
/// The adapter persists ``alwaysRequested`` (iOS remembers it across launches too) and
/// ``isProvisionalAlways``, and passes both back at launch. The machine is pure: no clock, no tasks, no CoreLocation.
///
/// For example:
///
/// ```swift
/// var machine = LocationAuthorizationStateMachine(alwaysRequested: false, canRequestAlways: true)
/// machine.status(of: .locationAlways, reading: .init(authorization: .authorizedWhenInUse))   // .notDetermined
/// machine.requestAction(for: .locationAlways, reading: .init(authorization: .authorizedWhenInUse))   // .askAlways
/// ```
package struct LocationAuthorizationStateMachine: Sendable, Equatable {
    /// CoreLocation's authorization, case for case (`CLAuthorizationStatus`).
    package enum Authorization: Sendable, Equatable {
        /// `notDetermined`.
        case notDetermined
        /// `restricted`.
        case restricted
        /// `denied`.
        case denied
        /// `authorizedWhenInUse`.
        case authorizedWhenInUse
        /// `authorizedAlways`.
        case authorizedAlways
        /// A case this version does not know.
        case unknown
    }

    /// What CoreLocation reports at one moment.
    package struct Reading: Sendable, Equatable {
        /// `CLLocationManager.locationServicesEnabled()`.
        package var servicesEnabled: Bool
        /// `CLLocationManager.authorizationStatus`.
        package var authorization: Authorization
        /// Whether `accuracyAuthorization` is `reducedAccuracy` (Precise Location off).
        package var reducedAccuracy: Bool

        /// Creates a reading.
        package init(servicesEnabled: Bool = true, authorization: Authorization, reducedAccuracy: Bool = false) {
            self.servicesEnabled = servicesEnabled
            self.authorization = authorization
            self.reducedAccuracy = reducedAccuracy
        }
    }

    /// The request the adapter makes.
    package enum RequestAction: Sendable, Equatable {
        /// None: iOS would show nothing; return the current status.
        case none
        /// `requestWhenInUseAuthorization()`.
        case askWhenInUse
        /// `requestAlwaysAuthorization()`.
        case askAlways
    }

    /// Whether this install ever asked for always authorization; persisted by the adapter.
    package private(set) var alwaysRequested: Bool
    /// Whether the adapter can ask for always at all (it was created by `PermitLocationAlways`).
    package let canRequestAlways: Bool
    /// The authorization when an always request began, while it is in flight.
    private var alwaysRequestFrom: Authorization?
    /// Whether always was granted provisionally, in this launch or an earlier one.
    private var provisionalAlways: Bool

    /// A machine for an install that asked for always before (`alwaysRequested`), or not, and whose always grant
    /// was provisional when it last ran (`provisionalAlways`).
    package init(alwaysRequested: Bool, canRequestAlways: Bool, provisionalAlways: Bool = false) {
        self.alwaysRequested = alwaysRequested
        self.canRequestAlways = canRequestAlways
        self.provisionalAlways = canRequestAlways && provisionalAlways
    }

    /// Whether the always grant is provisional; the adapter persists it after every event.
    package var isProvisionalAlways: Bool { provisionalAlways }

    // MARK: - Statuses

    /// The status of `kind` (``PermissionKind/location`` or ``PermissionKind/locationAlways``) for `reading`;
    /// any other kind is `unavailable`.
    package func status(of kind: PermissionKind, reading: Reading) -> PermissionStatus {
        guard kind == .location || kind == .locationAlways, reading.servicesEnabled else { return .unavailable }
        let granted: PermissionStatus = reading.reducedAccuracy ? .approximate : .granted
        switch reading.authorization {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .unknown: return .unavailable
        case .authorizedWhenInUse:
            guard kind == .locationAlways else { return granted }
            // An authority that cannot ask for always has nothing to offer: always is not granted, for good.
            guard canRequestAlways else { return .denied }
            // The one upgrade prompt is still to come, or on screen now.
            return !alwaysRequested || alwaysRequestFrom != nil ? .notDetermined : .denied
        case .authorizedAlways:
            return kind == .locationAlways && provisionalAlways ? .provisional : granted
        }
    }

    // MARK: - Requests

    /// The request to make for `kind` now; an always request is recorded (persist ``alwaysRequested`` after it).
    package mutating func requestAction(for kind: PermissionKind, reading: Reading) -> RequestAction {
        guard reading.servicesEnabled else { return .none }
        switch (kind, reading.authorization) {
        case (.location, .notDetermined):
            return .askWhenInUse
        case (.locationAlways, .notDetermined) where canRequestAlways,
            (.locationAlways, .authorizedWhenInUse) where canRequestAlways && !alwaysRequested:
            alwaysRequested = true
            alwaysRequestFrom = reading.authorization
            return .askAlways
        default:
            return .none
        }
    }

    /// The wait of a request made for `action` ended, with CoreLocation reporting `reading`. The end of a
    /// when-in-use request leaves an always request that is still in flight alone.
    package mutating func requestFinished(_ action: RequestAction, reading: Reading) {
        guard action == .askAlways else { return }
        if alwaysRequestFrom == .notDetermined, reading.authorization == .authorizedAlways {
            provisionalAlways = true
        }
        alwaysRequestFrom = nil
    }

    /// CoreLocation reported an authorization change outside a request: a report of anything but always ends a
    /// provisional grant.
    package mutating func authorizationChanged(to authorization: Authorization) {
        if alwaysRequestFrom == nil, authorization != .authorizedAlways { provisionalAlways = false }
    }

    // MARK: - Decisions without state

    /// Whether an authorization callback answers a request asked from `askedFrom`: CoreLocation also calls the
    /// delegate when nothing changed (when the app creates the manager), so only a different status is the
    /// person's answer; an answer that changes nothing is seen through `PromptWait` instead.
    package static func isAnswer(to askedFrom: Authorization, reported: Authorization) -> Bool {
        reported != askedFrom
    }

    /// Whether to call `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`: only when the app may use
    /// location (while in use or always; otherwise there is no location to make precise) and accuracy is reduced
    /// (with full accuracy there is nothing to ask).
    package static func asksForTemporaryFullAccuracy(_ reading: Reading) -> Bool {
        guard reading.reducedAccuracy else { return false }
        return reading.authorization == .authorizedWhenInUse || reading.authorization == .authorizedAlways
    }
}
