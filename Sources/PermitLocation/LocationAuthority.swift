#if canImport(CoreLocation)
public import CoreLocation
public import Foundation
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for location, over CoreLocation: ``PermissionKind/location`` (when in use) and
/// ``PermissionKind/locationAlways``.
///
/// This module references only CoreLocation's when-in-use request, so an app that links it needs only
/// `NSLocationWhenInUseUsageDescription` (App Store Connect checks the APIs a binary references, ITMS-90683).
/// It reads the status of both kinds, but asks for always authorization only when created by
/// `LocationAuthority.includingAlways()` from the `PermitLocationAlways` module, whose binary references
/// `requestAlwaysAuthorization()` and obliges `NSLocationAlwaysAndWhenInUseUsageDescription`.
///
/// It translates and decides nothing; the decisions are Permit's, tested on Linux:
///
/// - the statuses and the request to make: `LocationAuthorizationStateMachine` (one upgrade from when-in-use to
///   always, `provisional` for the provisional always grant, `unavailable` with location services off). Whether
///   always was ever requested is kept in `UserDefaults` under ``alwaysRequestedKey``.
/// - when a request is over: `PromptWait`. CoreLocation reports the answer only through
///   `locationManagerDidChangeAuthorization(_:)`, and shows no prompt and calls nothing when the purpose key is
///   missing or the app is not in the foreground; the wait ends on the answer, one second after the request
///   when the app did not resign active (no prompt), one second after it became active again (the prompt is
///   gone), or two minutes after the request. Every request completes; the status is read again then.
///
/// A granted status with reduced accuracy (Precise Location off) reads as `approximate`;
/// ``requestTemporaryFullAccuracy(purposeKey:)`` asks for precise locations until the app is next launched.
///
/// The authorization-change delegate feeds the center while the app runs: ``observeChanges(_:)`` hands both
/// kinds to the center's handler on every `locationManagerDidChangeAuthorization(_:)`.
///
/// Create it on the main actor, at launch, before the center starts: CoreLocation calls the delegate on the
/// thread that created the manager. Its Info.plist keys are `NSLocationWhenInUseUsageDescription`, for a
/// temporary full-accuracy request `NSLocationTemporaryUsageDescriptionDictionary`, and for always (with
/// `PermitLocationAlways`) `NSLocationAlwaysAndWhenInUseUsageDescription`.
///
/// For example:
///
/// ```swift
/// let location = LocationAuthority()
/// let center = PermissionCenter(kinds: [.location], authority: location, storage: PermitStorage(store: store, logger: logger), logger: logger)
/// ```
@MainActor
public final class LocationAuthority: NSObject, PermissionAuthority, CLLocationManagerDelegate {
    /// The `UserDefaults` key under which the authority remembers that it asked for always authorization.
    public nonisolated static let alwaysRequestedKey = "PermitLocation.alwaysRequested"
    /// The `UserDefaults` key under which the authority remembers that the always grant is provisional, so that
    /// ``PermissionKind/locationAlways`` still reads `provisional` after a relaunch.
    public nonisolated static let provisionalAlwaysKey = "PermitLocation.provisionalAlways"

    private let manager = CLLocationManager()
    private let defaults: UserDefaults
    private let logger: Logger
    private var machine: LocationAuthorizationStateMachine
    private var changeHandler: (@Sendable (PermissionKind) -> Void)?
    /// The waits of the requests in flight, with the authorization each asked from.
    private var waits: [(wait: PromptWait, from: LocationAuthorizationStateMachine.Authorization)] = []
    /// The lifecycle observers, removed when the authority ends.
    private let lifecycleObservers = NotificationObservations()
    /// The purpose strings each kind needs before CoreLocation is asked; always only when it can be asked for.
    private let purposeKeys: [PermissionKind: PurposeKeyCheck]
    /// The dictionary of texts a temporary full-accuracy request shows.
    private let temporaryPurposeKeys: PurposeKeyCheck
    /// Asks CoreLocation for always authorization; set only by `PermitLocationAlways`, so that this module's
    /// binary never references the always API.
    private let requestAlways: (@MainActor (CLLocationManager) -> Void)?

    /// Creates the authority and its location manager, asking for when-in-use authorization only.
    public override convenience init() {
        self.init(requestingAlways: nil, defaults: .standard, logger: Logger(label: "Permit.Location"))
    }

    /// Creates the authority, logging to `logger` a request that ended without an answer.
    public convenience init(logger: Logger) {
        self.init(requestingAlways: nil, defaults: .standard, logger: logger)
    }

    /// Creates the authority; `requestAlways` is CoreLocation's always request, passed by `PermitLocationAlways`.
    package init(
        requestingAlways requestAlways: (@MainActor (CLLocationManager) -> Void)?, defaults: UserDefaults,
        logger: Logger
    ) {
        self.requestAlways = requestAlways
        self.defaults = defaults
        self.logger = logger
        var purposeKeys = [PermissionKind.location: PurposeKeyCheck(kind: .location, logger: logger)]
        if requestAlways != nil {
            purposeKeys[.locationAlways] = PurposeKeyCheck(kind: .locationAlways, logger: logger)
        }
        self.purposeKeys = purposeKeys
        temporaryPurposeKeys = PurposeKeyCheck(
            kind: .location, keys: ["NSLocationTemporaryUsageDescriptionDictionary"], logger: logger)
        // Only an authority that can ask for always reads (and writes) the flag: an app that links
        // `PermitLocation` alone never touches `UserDefaults` through it.
        machine = LocationAuthorizationStateMachine(
            alwaysRequested: requestAlways != nil && defaults.bool(forKey: Self.alwaysRequestedKey),
            canRequestAlways: requestAlways != nil,
            provisionalAlways: requestAlways != nil && defaults.bool(forKey: Self.provisionalAlwaysKey))
        super.init()
        manager.delegate = self
        observeLifecycle()
    }

    // MARK: - PermissionAuthority

    /// The status of ``PermissionKind/location`` or ``PermissionKind/locationAlways``; any other kind is
    /// `unavailable`.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        if purposeKeys[kind]?.isMissing == true { return .unavailable }
        return machine.status(of: kind, reading: await reading())
    }

    /// Makes the request `LocationAuthorizationStateMachine` decides on, if any, waits until `PromptWait`
    /// ends it, and returns the status then.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .location || kind == .locationAlways else { return .unavailable }
        if purposeKeys[kind]?.isMissing == true { return .unavailable }
        let before = await reading()
        let action = machine.requestAction(for: kind, reading: before)
        switch action {
        case .none:
            return machine.status(of: kind, reading: before)
        case .askWhenInUse:
            await ask(kind) { manager in manager.requestWhenInUseAuthorization() }
        case .askAlways:
            defaults.set(true, forKey: Self.alwaysRequestedKey)
            await ask(kind) { [requestAlways] manager in requestAlways?(manager) }
        }
        let after = await reading()
        machine.requestFinished(action, reading: after)
        persistProvisionalAlways()
        return machine.status(of: kind, reading: after)
    }

    /// Asks and waits until the wait ends; a wait that ended without an answer is logged.
    private func ask(_ kind: PermissionKind, _ body: (CLLocationManager) -> Void) async {
        let wait = PromptWait()
        waits.append((wait, Self.authorization(manager.authorizationStatus)))
        body(manager)
        let outcome = await wait.finish()
        waits.removeAll { $0.wait === wait }
        if outcome != .answered {
            logger.warning(
                "location request ended without an answer; is the purpose string in Info.plist?",
                metadata: ["kind": "\(kind)", "outcome": "\(outcome)"])
        }
    }

    /// Asks for precise locations until the app is next launched when the person turned Precise Location off,
    /// and returns the status of ``PermissionKind/location`` afterwards: `granted` when they allowed it, still
    /// `approximate` otherwise.
    ///
    /// `purposeKey` names an entry of the `NSLocationTemporaryUsageDescriptionDictionary` dictionary in the
    /// app's Info.plist, whose text iOS shows. Without the dictionary nothing is asked (logged once, naming the
    /// key); without the entry iOS shows nothing; with accuracy already full,
    /// or without location access, nothing is asked (`LocationAuthorizationStateMachine`), and the current status
    /// is returned.
    public func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus {
        // Without the dictionary in Info.plist iOS has no text to show: nothing is asked (logged once).
        if temporaryPurposeKeys.isMissing { return await status(of: .location) }
        if LocationAuthorizationStateMachine.asksForTemporaryFullAccuracy(await reading()) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { _ in
                    continuation.resume()
                }
            }
        }
        return await status(of: .location)
    }

    /// Installs the handler that hears about authorization changes while the app runs; both location kinds are
    /// reported on every change.
    public func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        changeHandler = handler
    }

    // MARK: - CLLocationManagerDelegate

    /// CoreLocation's report of the initial authorization and of every change: feeds the waiting requests and
    /// tells the center.
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        // CoreLocation calls the delegate on the thread that created the manager: the main thread (init is
        // main-actor isolated).
        MainActor.assumeIsolated { authorizationChanged() }
    }

    private func authorizationChanged() {
        let reported = Self.authorization(manager.authorizationStatus)
        machine.authorizationChanged(to: reported)
        persistProvisionalAlways()
        for (wait, from) in waits {
            wait.authorizationChanged(isAnswer: LocationAuthorizationStateMachine.isAnswer(to: from, reported: reported))
        }
        changeHandler?(.location)
        changeHandler?(.locationAlways)
    }

    /// Writes whether the always grant is provisional when it changed; only an authority that can ask for always
    /// touches `UserDefaults`.
    private func persistProvisionalAlways() {
        guard requestAlways != nil else { return }
        let provisional = machine.isProvisionalAlways
        if defaults.bool(forKey: Self.provisionalAlwaysKey) != provisional {
            defaults.set(provisional, forKey: Self.provisionalAlwaysKey)
        }
    }

    // MARK: - Lifecycle

    /// Feeds the app's resign-active and become-active notifications to the waiting requests: the notifications
    /// whose `AppLifecycleNotification.promptSignal` is set, UIKit's and AppKit's by name, so that this module
    /// links neither.
    private func observeLifecycle() {
        for notification in AppLifecycleNotification.allCases {
            guard let signal = notification.promptSignal else { continue }
            lifecycleObservers.observe(Notification.Name(notification.rawValue), queue: .main) { [weak self] _ in
                MainActor.assumeIsolated {
                    for (wait, _) in self?.waits ?? [] {
                        switch signal {
                        case .resignedActive: wait.appResignedActive()
                        case .becameActive: wait.appBecameActive()
                        }
                    }
                }
            }
        }
    }

    // MARK: - Translation

    /// CoreLocation's state now, for the state machine.
    private func reading() async -> LocationAuthorizationStateMachine.Reading {
        // A class method that may block: asked off the main actor.
        let enabled = await Self.servicesEnabled()
        return LocationAuthorizationStateMachine.Reading(
            servicesEnabled: enabled, authorization: Self.authorization(manager.authorizationStatus),
            reducedAccuracy: manager.accuracyAuthorization == .reducedAccuracy)
    }

    private nonisolated static func servicesEnabled() async -> Bool {
        CLLocationManager.locationServicesEnabled()
    }

    /// CoreLocation's authorization, case for case.
    nonisolated static func authorization(
        _ status: CLAuthorizationStatus
    ) -> LocationAuthorizationStateMachine.Authorization {
        switch status {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorizedWhenInUse: .authorizedWhenInUse
        case .authorizedAlways: .authorizedAlways
        @unknown default: .unknown
        }
    }
}
#endif
