#if canImport(CoreLocation)
public import CoreLocation
public import Foundation
public import PermitWeb

/// The `LocationProvider` the bridge's `getCurrentLocation()` uses, over CoreLocation's one-shot
/// `requestLocation()`.
///
/// It never prompts: when location is not authorized it throws `LocationError.permissionDenied` at once. An error
/// CoreLocation reports becomes what `LocationFixFailure` decides (`permissionDenied` for `CLError.denied`,
/// `unavailable` otherwise), and a fix that takes longer than the timeout fails with `LocationError.timedOut`.
/// Concurrent calls share one request.
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
    private var waiters: [CheckedContinuation<LocationFix, any Error>] = []
    /// Counts requests, so that a timer of an earlier request fails nothing.
    private var requestNumber = 0

    /// Creates a provider whose fixes aim for `desiredAccuracy` (CoreLocation's constants, such as
    /// `kCLLocationAccuracyHundredMeters`) and fail after `timeout`.
    public init(
        desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyHundredMeters,
        timeout: Duration = LocationFixFailure.defaultTimeout
    ) {
        self.timeout = timeout
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
            guard waiters.count == 1 else { return }
            requestNumber += 1
            let number = requestNumber
            manager.requestLocation()
            Task { [timeout] in
                try? await Task.sleep(for: timeout)
                if number == self.requestNumber { self.finish(.failure(LocationError.timedOut)) }
            }
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

    /// CoreLocation could not get a fix: every waiting call fails with the error `LocationFixFailure` maps it to.
    public nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let nsError = error as NSError
        let mapped = LocationFixFailure.error(domain: nsError.domain, code: nsError.code)
        MainActor.assumeIsolated { finish(.failure(mapped)) }
    }

    private func finish(_ result: Result<LocationFix, any Error>) {
        requestNumber += 1  // the pending timer, if any, is for a finished request
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(with: result) }
    }
}
#endif
