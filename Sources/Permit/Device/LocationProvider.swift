public import Foundation

/// The device's location service, as the bridge's `getCurrentLocation()` uses it.
///
/// `LocationFixProvider` in the `PermitLocation` adapter implements it over CoreLocation; `PermitTesting` has a
/// simulated one.
///
/// ## Implementation requirements
///
/// Return one current fix or throw a ``LocationError``; never prompt for permission (the bridge asks only when
/// the location permission is usable).
public protocol LocationProvider: Sendable {
    /// One current location fix.
    func currentLocation() async throws -> LocationFix
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
