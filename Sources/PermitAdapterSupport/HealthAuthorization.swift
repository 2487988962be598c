package import Permit

/// How HealthKit's answers become one status for ``PermissionKind/healthKit``.
///
/// HealthKit keeps read permission from the app by design: "to help prevent possible leaks of sensitive health
/// information, your app cannot determine whether or not a user has granted permission to read data" (Apple,
/// "Authorizing access to health data"). Only write (share) permission has a status per type. So:
///
/// | HealthKit | Permit |
/// | --- | --- |
/// | health data not available on the device (`isHealthDataAvailable()` false) | `unavailable` |
/// | the request status is `shouldRequest` or `unknown` | `notDetermined` |
/// | asked, the app reads some types | `undisclosed`, never `denied` |
/// | asked, the app only writes: every type allowed | `granted` |
/// | asked, the app only writes: some types allowed | `limited` |
/// | asked, the app only writes: no type allowed | `denied` |
///
/// The HealthKit adapter (`PermitHealth`) reads the facts and calls ``status(isAvailable:requestStatus:shareStatuses:readsTypes:)``.
package enum HealthAuthorization {
    /// HealthKit's `HKAuthorizationRequestStatus`: whether asking for the app's types would show the sheet.
    package enum RequestStatus: Sendable, Hashable {
        /// The status could not be determined.
        case unknown
        /// Asking would show the authorization sheet: some type was never asked for.
        case shouldRequest
        /// Every type has been asked for; asking again shows nothing.
        case unnecessary
    }

    /// HealthKit's `HKAuthorizationStatus` for one type the app writes.
    package enum ShareStatus: Sendable, Hashable {
        /// Never asked.
        case notDetermined
        /// The person did not allow the app to write this type.
        case denied
        /// The person allowed the app to write this type.
        case authorized
    }

    /// The status for the app's HealthKit types.
    ///
    /// - Parameters:
    ///   - isAvailable: `HKHealthStore.isHealthDataAvailable()`.
    ///   - requestStatus: the request status for all of the app's types together.
    ///   - shareStatuses: the status of each type the app writes.
    ///   - readsTypes: whether the app asks to read any type.
    package static func status(
        isAvailable: Bool, requestStatus: RequestStatus, shareStatuses: [ShareStatus], readsTypes: Bool
    ) -> PermissionStatus {
        guard isAvailable else { return .unavailable }
        guard requestStatus == .unnecessary else { return .notDetermined }
        if readsTypes { return .undisclosed }
        let allowed = shareStatuses.filter { $0 == .authorized }.count
        if shareStatuses.isEmpty || allowed == shareStatuses.count { return .granted }
        return allowed == 0 ? .denied : .limited
    }
}
