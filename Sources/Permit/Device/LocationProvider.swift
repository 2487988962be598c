public import Foundation
import PermitSupport

/// The device's location service, as the bridge's `getCurrentLocation()` and the page's `navigator.geolocation`
/// use it.
///
/// `LocationFixProvider` in the `PermitLocation` adapter implements it over CoreLocation; `PermitTesting` has a
/// simulated one.
///
/// ## Implementation requirements
///
/// - ``currentLocation()`` returns one current fix or throws a ``LocationError``; it never prompts for
///   permission (the bridge asks only when the location permission is usable).
/// - ``locationUpdates()`` streams fixes as the device moves, starting with a current one, until the consumer
///   stops (then the implementation stops its updates) or the service fails (the stream throws a
///   ``LocationError``; ``LocationError/permissionDenied`` when location stopped being usable). It never prompts.
///   It is optional: the default implementation delivers the one fix of ``currentLocation()`` and ends, so a
///   provider written before updates existed keeps compiling, and a page's watch gets one fix from it.
///
/// For example, a provider that knows only where the office is:
///
/// ```swift
/// import Foundation
/// import Permit
///
/// struct Office: LocationProvider {
///     func currentLocation() async throws -> LocationFix {
///         LocationFix(latitude: 52.52, longitude: 13.405, accuracy: 20, timestamp: Date())
///     }
/// }
/// ```
public protocol LocationProvider: Sendable {
    /// One current location fix.
    func currentLocation() async throws -> LocationFix

    /// The fixes as the device moves, starting with a current one, until the consumer stops or the service fails.
    func locationUpdates() -> LocationUpdates
}

extension LocationProvider {
    /// One fix from ``currentLocation()``, then the end: the default for a provider with no updates of its own.
    public func locationUpdates() -> LocationUpdates {
        let taken = OneShot()
        return LocationUpdates(unfolding: {
            guard taken.take() else { return nil }
            return try await currentLocation()
        })
    }
}

/// Lets the default ``LocationProvider/locationUpdates()`` call ``LocationProvider/currentLocation()`` once.
private final class OneShot: Sendable {
    private let taken = Locked(false)

    /// `true` the first time, `false` after.
    func take() -> Bool {
        taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}

/// A location fix.
public struct LocationFix: Hashable, Sendable, Codable {
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// The radius of uncertainty, in meters.
    public var accuracy: Double
    /// When the fix was taken.
    public var timestamp: Date

    /// Creates a fix.
    public init(latitude: Double, longitude: Double, accuracy: Double, timestamp: Date) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.timestamp = timestamp
    }
}

/// Why no location fix could be had.
public struct LocationError: CodedError {
    private enum Code: String, Sendable {
        case permissionDenied
        case unavailable
        case timedOut
    }

    private let member: Code
    /// More about this failure, such as what the location service reported. Not part of equality.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The location permission is not usable.
    public static let permissionDenied = LocationError(.permissionDenied)
    /// The service could not determine a location (no signal, service off).
    public static let unavailable = LocationError(.unavailable)
    /// No fix arrived in time.
    public static let timedOut = LocationError(.timedOut)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> LocationError { LocationError(member, detail: detail) }

    /// The member's name: `permissionDenied`, `unavailable` or `timedOut`.
    public var code: String { member.rawValue }

    /// A sentence for the page and the log, without the detail.
    public var summary: String {
        switch member {
        case .permissionDenied: "location permission is not granted"
        case .unavailable: "the location could not be determined"
        case .timedOut: "no location fix arrived in time"
        }
    }
}
