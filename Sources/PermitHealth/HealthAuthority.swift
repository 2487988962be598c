#if canImport(HealthKit)
public import HealthKit
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/healthKit``, over `HKHealthStore`, for the types the app reads
/// and writes.
///
/// HealthKit never tells an app whether it may read a type, so an app that reads reads `undisclosed` once asked,
/// never `denied`; the whole mapping is ``HealthAuthorization``'s, tested on every platform. ``request(_:)``
/// shows HealthKit's authorization sheet when some type was never asked for. Any other kind is `unavailable`.
/// Its Info.plist keys are `NSHealthShareUsageDescription` (reading) and `NSHealthUpdateUsageDescription`
/// (writing); the app also needs the HealthKit capability.
///
/// For example:
///
/// ```swift
/// let health = HealthAuthority(share: [], read: [HKQuantityType(.stepCount)])
/// let status = try await health.request(.healthKit)
/// ```
public struct HealthAuthority: PermissionAuthority {
    private let types: Types

    /// Creates the authority for the types the app writes (`share`) and reads (`read`).
    public init(share: Set<HKSampleType>, read: Set<HKObjectType>) {
        types = Types(share: share, read: read)
    }

    /// The status for the app's types, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .healthKit else { return .unavailable }
        guard HKHealthStore.isHealthDataAvailable() else { return .unavailable }
        let store = HKHealthStore()
        let requestStatus: HealthAuthorization.RequestStatus
        switch try? await store.statusForAuthorizationRequest(toShare: types.share, read: types.read) {
        case .shouldRequest: requestStatus = .shouldRequest
        case .unnecessary: requestStatus = .unnecessary
        default: requestStatus = .unknown
        }
        let shareStatuses = types.share.map { type -> HealthAuthorization.ShareStatus in
            switch store.authorizationStatus(for: type) {
            case .sharingAuthorized: .authorized
            case .sharingDenied: .denied
            default: .notDetermined
            }
        }
        return HealthAuthorization.status(
            isAvailable: true, requestStatus: requestStatus, shareStatuses: shareStatuses,
            readsTypes: !types.read.isEmpty)
    }

    /// Shows HealthKit's authorization sheet when some type was never asked for, and returns the status after it.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .healthKit else { return .unavailable }
        if await status(of: kind) == .notDetermined, HKHealthStore.isHealthDataAvailable() {
            try await HKHealthStore().requestAuthorization(toShare: types.share, read: types.read)
        }
        return await status(of: kind)
    }

    /// The app's HealthKit types. HealthKit's object types are immutable descriptions of a data type, which
    /// HealthKit itself passes between threads; they are not declared `Sendable`, so this box says so.
    private final class Types: @unchecked Sendable {
        let share: Set<HKSampleType>
        let read: Set<HKObjectType>

        init(share: Set<HKSampleType>, read: Set<HKObjectType>) {
            self.share = share
            self.read = read
        }
    }
}
#endif
