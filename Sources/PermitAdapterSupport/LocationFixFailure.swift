package import Permit

/// How a location fix request fails: CoreLocation's errors in Permit's terms, and how long a fix may take.
///
/// `CLLocationManager.requestLocation()` reports `CLError.denied` (code 1 in `kCLErrorDomain`) when the person
/// turned location off for the app, which the page must see as a permission problem, not as "unavailable"; every
/// other error (`locationUnknown`, `network`, ...) is ``LocationError/unavailable``. And `requestLocation()` may
/// take "several seconds" and has no timeout of its own (Apple, "requestLocation()"), so the provider gives up
/// after ``defaultTimeout`` with ``LocationError/timedOut``.
///
/// For example:
///
/// ```swift
/// LocationFixFailure.error(domain: "kCLErrorDomain", code: 1)   // .permissionDenied
/// ```
package enum LocationFixFailure {
    /// How long a fix may take before the request fails with ``LocationError/timedOut``: fifteen seconds.
    package static let defaultTimeout: Duration = .seconds(15)

    /// CoreLocation's error domain.
    package static let coreLocationDomain = "kCLErrorDomain"

    /// The ``LocationError`` for an error CoreLocation reported with `domain` and `code`.
    package static func error(domain: String, code: Int) -> LocationError {
        domain == coreLocationDomain && code == 1 ? .permissionDenied : .unavailable
    }
}
