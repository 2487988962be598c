#if canImport(CoreLocation)
public import CoreLocation
public import Foundation
public import Permit

/// The `PermissionAuthority` for location, over CoreLocation: ``PermissionKind/location`` (when in use) and
/// ``PermissionKind/locationAlways``.
///
/// This module references only CoreLocation's when-in-use request, so an app that links it needs only
/// `NSLocationWhenInUseUsageDescription` (App Store Connect checks the APIs a binary references, ITMS-90683).
/// It reads the status of both kinds, but asks for always authorization only when created by
/// `LocationAuthority.includingAlways()` from the `PermitLocationAlways` module, whose binary references
/// `requestAlwaysAuthorization()` and obliges `NSLocationAlwaysAndWhenInUseUsageDescription`.
///
/// It translates `CLLocationManager`'s authorization into Permit's statuses and decides nothing:
///
/// | CoreLocation | `location` | `locationAlways` |
/// | --- | --- | --- |
/// | location services off | `unavailable` | `unavailable` |
/// | `notDetermined` | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` | `restricted` |
/// | `denied` | `denied` | `denied` |
/// | `authorizedWhenInUse` | `granted` | `denied` |
/// | `authorizedAlways` | `granted` | `granted` |
///
/// A granted status with reduced accuracy (Precise Location off) reads as `approximate`;
/// ``requestTemporaryFullAccuracy(purposeKey:)`` asks for precise locations until the app is next launched.
///
/// The authorization-change delegate feeds the center while the app runs: ``observeChanges(_:)`` hands both
/// kinds to the center's handler on every `locationManagerDidChangeAuthorization(_:)`.
///
/// ``request(_:)`` asks for when-in-use (or, created with always, always) authorization when the status is
/// `notDetermined` and returns once the delegate reports the answer; without always, a request for
/// `locationAlways` shows no prompt and returns the current status. Asking for `locationAlways` while when-in-use is granted shows
/// iOS's one-time upgrade prompt, whose answer arrives later through the change handler (iOS may show it
/// only when the app next uses location, and reports nothing when it does not show it): the request returns
/// the current status at once.
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
    private let manager = CLLocationManager()
    private var changeHandler: (@Sendable (PermissionKind) -> Void)?
    private var answerWaiters: [CheckedContinuation<Void, Never>] = []
    /// Asks CoreLocation for always authorization; set only by `PermitLocationAlways`, so that this module's
    /// binary never references the always API.
    private let requestAlways: (@MainActor (CLLocationManager) -> Void)?

    /// Creates the authority and its location manager, asking for when-in-use authorization only.
    public override convenience init() {
        self.init(requestingAlways: nil)
    }

    /// Creates the authority; `requestAlways` is CoreLocation's always request, passed by `PermitLocationAlways`.
    package init(requestingAlways requestAlways: (@MainActor (CLLocationManager) -> Void)?) {
        self.requestAlways = requestAlways
        super.init()
        manager.delegate = self
    }

    // MARK: - PermissionAuthority

    /// The status of ``PermissionKind/location`` or ``PermissionKind/locationAlways``; any other kind is
    /// `unavailable`.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .location || kind == .locationAlways else { return .unavailable }
        // A class method that may block: asked off the main actor.
        guard await Self.servicesEnabled() else { return .unavailable }
        return Self.status(
            of: kind, authorization: manager.authorizationStatus, accuracy: manager.accuracyAuthorization)
    }

    /// Shows the system prompt for when-in-use (``PermissionKind/location``) or always
    /// (``PermissionKind/locationAlways``) authorization when the status is `notDetermined`, and returns the
    /// status once the person answered; otherwise returns the current status.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .location || kind == .locationAlways else { return .unavailable }
        // With location services off iOS asks to turn them on instead, and no authorization callback follows.
        guard await Self.servicesEnabled() else { return .unavailable }
        switch manager.authorizationStatus {
        case .notDetermined where kind == .location:
            await withCheckedContinuation { continuation in
                answerWaiters.append(continuation)
                manager.requestWhenInUseAuthorization()
            }
        case .notDetermined:
            guard let requestAlways else { break }
            await withCheckedContinuation { continuation in
                answerWaiters.append(continuation)
                requestAlways(manager)
            }
        case .authorizedWhenInUse where kind == .locationAlways:
            // The upgrade prompt's answer comes through the change handler, if iOS shows the prompt at all.
            requestAlways?(manager)
        default:
            break
        }
        return await status(of: kind)
    }

    /// Asks for precise locations until the app is next launched when the person turned Precise Location off,
    /// and returns the status of ``PermissionKind/location`` afterwards: `granted` when they allowed it, still
    /// `approximate` otherwise.
    ///
    /// `purposeKey` names an entry of the `NSLocationTemporaryUsageDescriptionDictionary` dictionary in the
    /// app's Info.plist, whose text iOS shows. Without the entry, or with accuracy already full, iOS shows
    /// nothing and the current status is returned.
    public func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus {
        if manager.authorizationStatus != .notDetermined, manager.accuracyAuthorization == .reducedAccuracy {
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

    /// CoreLocation's report of the initial authorization and of every change: wakes waiting requests and tells
    /// the center.
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        // CoreLocation calls the delegate on the thread that created the manager: the main thread (init is
        // main-actor isolated).
        MainActor.assumeIsolated { authorizationChanged() }
    }

    private func authorizationChanged() {
        if manager.authorizationStatus != .notDetermined {
            let waiters = answerWaiters
            answerWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        changeHandler?(.location)
        changeHandler?(.locationAlways)
    }

    // MARK: - Translation

    private nonisolated static func servicesEnabled() async -> Bool {
        CLLocationManager.locationServicesEnabled()
    }

    /// Translates CoreLocation's authorization and accuracy into a status of `kind`.
    nonisolated static func status(
        of kind: PermissionKind, authorization: CLAuthorizationStatus, accuracy: CLAccuracyAuthorization
    ) -> PermissionStatus {
        let granted: PermissionStatus = accuracy == .reducedAccuracy ? .approximate : .granted
        switch authorization {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorizedAlways: return granted
        case .authorizedWhenInUse: return kind == .locationAlways ? .denied : granted
        @unknown default: return .unavailable
        }
    }
}
#endif
