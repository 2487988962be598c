#if canImport(CoreLocation)
public import CoreLocation
public import Foundation
public import PermitWeb

/// The `LocationProvider` the bridge's `getCurrentLocation()` uses, over CoreLocation's one-shot
/// `requestLocation()`.
///
/// It never prompts: when location is not authorized it throws `LocationError.permissionDenied` at once. A
/// failure CoreLocation reports becomes `LocationError.unavailable`. Concurrent calls share one request.
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
    private var waiters: [CheckedContinuation<LocationFix, any Error>] = []

    /// Creates a provider whose fixes aim for `desiredAccuracy` (CoreLocation's constants, such as
    /// `kCLLocationAccuracyHundredMeters`).
    public init(desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyHundredMeters) {
        super.init()
        manager.desiredAccuracy = desiredAccuracy
        manager.delegate = self
    }

    /// One current fix, or `LocationError.permissionDenied` when location is not authorized.
    public func currentLocation() async throws -> LocationFix {
        switch manager.authorizationStatus {
        case .authorizedAlways, .authorizedWhenInUse: break
        default: throw LocationError.permissionDenied
        }
        return try await withCheckedThrowingContinuation { continuation in
            waiters.append(continuation)
            if waiters.count == 1 { manager.requestLocation() }
        }
    }

    // MARK: - CLLocationManagerDelegate

    /// CoreLocation's fixes: the newest answers every waiting call.
    public nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        let fix = LocationFix(
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            accuracy: location.horizontalAccuracy, timestamp: location.timestamp)
        // Called on the thread that created the manager: the main thread.
        MainActor.assumeIsolated { finish(.success(fix)) }
    }

    /// CoreLocation could not get a fix: every waiting call fails with `LocationError.unavailable`.
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        MainActor.assumeIsolated { finish(.failure(LocationError.unavailable)) }
    }

    private func finish(_ result: Result<LocationFix, any Error>) {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(with: result) }
    }
}
#endif
