#if canImport(CoreLocation)
public import CoreLocation
public import Foundation
public import Permit
import PermitAdapterSupport

/// The `LocationProvider` the bridge's `getCurrentLocation()` uses, over CoreLocation's one-shot
/// `requestLocation()`, and whose ``locationUpdates()`` a page's `watchPosition` follows, over
/// `startUpdatingLocation()`.
///
/// It never prompts: when location is not authorized it throws `LocationError.permissionDenied` at once. An error
/// CoreLocation reports becomes what `LocationFixFailure` decides (`permissionDenied` for `CLError.denied`,
/// `unavailable` otherwise), and a fix that takes longer than the timeout fails with `LocationError.timedOut` and
/// cancels the request. Concurrent calls share one request. `LocationFixRequestStateMachine` (tested on Linux)
/// decides all of it; this class calls CoreLocation.
///
/// Create it on the main actor: CoreLocation calls the delegate on the thread that created the manager.
///
/// For example:
///
/// ```swift
/// let bridge = WebBridge(
///     center: center, configuration: configuration, location: LocationFixProvider(), haptics: ImpactHaptics(),
///     logger: logger)
/// ```
@MainActor
public final class LocationFixProvider: NSObject, LocationProvider, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private let timeout: Duration
    private var machine = LocationFixRequestStateMachine()
    private var waiters: [CheckedContinuation<LocationFix, any Error>] = []
    /// The request's deadline, cancelled when the request ends first.
    private var pendingDeadline: DispatchWorkItem?
    /// The consumers of ``locationUpdates()``; CoreLocation updates while there is one.
    private var followers: [UUID: AsyncThrowingStream<LocationFix, any Error>.Continuation] = [:]

    /// How long a fix may take by default: 15 seconds, as `requestLocation()` has no timeout of its own.
    public static let defaultTimeout: Duration = LocationFixFailure.defaultTimeout

    /// Creates a provider whose fixes aim for `desiredAccuracy` (CoreLocation's constants, such as
    /// `kCLLocationAccuracyHundredMeters`) and fail after `timeout`.
    public init(
        desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyHundredMeters,
        timeout: Duration = LocationFixProvider.defaultTimeout
    ) {
        self.timeout = timeout
        super.init()
        manager.desiredAccuracy = desiredAccuracy
        manager.delegate = self
    }

    /// One current fix, or `LocationError.permissionDenied` when location is not authorized.
    public func currentLocation() async throws -> LocationFix {
        let authorized: Bool =
            switch manager.authorizationStatus {
            case .authorizedAlways, .authorizedWhenInUse: true
            default: false
            }
        switch machine.request(isAuthorized: authorized) {
        case .fail(let error):
            throw error
        case .join:
            return try await withCheckedThrowingContinuation { waiters.append($0) }
        case .start(let timer):
            return try await withCheckedThrowingContinuation { continuation in
                waiters.append(continuation)
                manager.requestLocation()
                startDeadline(timer)
            }
        }
    }

    /// Fixes as the device moves, over `startUpdatingLocation()`, for a page's watch: started for the first
    /// consumer, stopped (`stopUpdatingLocation()`) when the last one stops. It fails at once with
    /// `LocationError.permissionDenied` when location is not authorized, and later with the error
    /// `LocationFixFailure` maps CoreLocation's to; `locationUnknown`, which CoreLocation reports while it keeps
    /// trying, does not end it.
    public nonisolated func locationUpdates() -> LocationUpdates {
        LocationUpdates { continuation in
            let id = UUID()
            // Both hops go through the main queue, in order: the follower is added before it can be removed.
            continuation.onTermination = { [weak self] _ in
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.unfollow(id) } }
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.follow(id, continuation) } }
        }
    }

    private func follow(_ id: UUID, _ continuation: AsyncThrowingStream<LocationFix, any Error>.Continuation) {
        switch manager.authorizationStatus {
        case .authorizedAlways, .authorizedWhenInUse: break
        default:
            continuation.finish(throwing: LocationError.permissionDenied)
            return
        }
        followers[id] = continuation
        if followers.count == 1 { manager.startUpdatingLocation() }
    }

    private func unfollow(_ id: UUID) {
        guard followers.removeValue(forKey: id) != nil, followers.isEmpty else { return }
        manager.stopUpdatingLocation()
    }

    /// Fails the request `timer` started once the timeout has passed, on the main queue: the deadline belongs to
    /// the request, not to the task of the call that started it, so a cancelled caller leaves every other caller
    /// its bound (CoreLocation's answer may take any time).
    private func startDeadline(_ timer: Int) {
        let deadline = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.end(self.machine.timerFired(timer), fix: nil)
            }
        }
        pendingDeadline = deadline
        DispatchQueue.main.asyncAfter(deadline: .now() + timeout.timeInterval, execute: deadline)
    }

    // MARK: - CLLocationManagerDelegate

    /// CoreLocation's fixes: the newest answers every waiting call.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        let fix = LocationFix(
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            accuracy: location.horizontalAccuracy, timestamp: location.timestamp)
        // Called on the thread that created the manager: the main thread.
        MainActor.assumeIsolated {
            for follower in followers.values { follower.yield(fix) }
            end(machine.receivedFix(), fix: fix)
        }
    }

    /// CoreLocation could not get a fix: every waiting call fails with the error `LocationFixFailure` maps it to.
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let nsError = error as NSError
        let (domain, code) = (nsError.domain, nsError.code)
        MainActor.assumeIsolated {
            end(machine.failed(domain: domain, code: code), fix: nil)
            // locationUnknown (code 0): CoreLocation keeps trying, and the watch waits.
            guard !followers.isEmpty, !(domain == LocationFixFailure.coreLocationDomain && code == 0) else { return }
            let error = LocationFixFailure.error(domain: domain, code: code)
            let ended = followers.values
            followers = [:]
            self.manager.stopUpdatingLocation()
            for follower in ended { follower.finish(throwing: error) }
        }
    }

    /// Carries out how `LocationFixRequestStateMachine` ended the request.
    private func end(_ ending: LocationFixRequestStateMachine.Ending, fix: LocationFix?) {
        let result: Result<LocationFix, any Error>
        switch ending {
        case .ignore: return
        case .deliverFix:
            guard let fix else { return }
            result = .success(fix)
        case .fail(let error):
            result = .failure(error)
        case .cancel(let error):
            manager.stopUpdatingLocation()
            // Stopping ends the watch's updates too: they go on for the followers.
            if !followers.isEmpty { manager.startUpdatingLocation() }
            result = .failure(error)
        }
        pendingDeadline?.cancel()
        pendingDeadline = nil
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(with: result) }
    }
}
#endif
