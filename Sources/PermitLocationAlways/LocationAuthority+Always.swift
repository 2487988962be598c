#if canImport(CoreLocation)
import CoreLocation
import Foundation
public import Logging
public import PermitLocation

extension LocationAuthority {
    /// A location authority that also asks for always authorization (``PermissionKind/locationAlways``).
    ///
    /// This module is the only one of Permit's that references CoreLocation's `requestAlwaysAuthorization()`:
    /// an app that links it must declare `NSLocationAlwaysAndWhenInUseUsageDescription` beside
    /// `NSLocationWhenInUseUsageDescription`, or App Store Connect rejects the build (ITMS-90683). An app that
    /// uses location only while in use imports `PermitLocation` alone.
    ///
    /// For example:
    ///
    /// ```swift
    /// let location = LocationAuthority.includingAlways()
    /// let status = try await location.request(.locationAlways)
    /// ```
    ///
    /// - Parameter logger: Receives a request that ended without an answer from CoreLocation.
    public static func includingAlways(logger: Logger = Logger(label: "Permit.Location")) -> LocationAuthority {
        LocationAuthority(
            requestingAlways: { manager in manager.requestAlwaysAuthorization() }, defaults: .standard, logger: logger)
    }
}
#endif
