#if canImport(HealthKit)
public import HealthKit
public import Logging
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
/// HealthKit terminates the app for a missing key, for a type it does not let apps write in the share set, and
/// for a request with no type. So before touching `HKHealthStore` the authority checks the key for each access
/// it asks (`PurposeKeyCheck`) and its types (`HealthTypeCheck`), both tested on Linux: a problem reads
/// `unavailable`, is logged once as an error naming the key or the types, and is never asked.
///
/// For example:
///
/// ```swift
/// let health = HealthAuthority(share: [], read: [HKQuantityType(.stepCount)])
/// let status = try await health.request(.healthKit)
/// ```
public struct HealthAuthority: PermissionAuthority {
    private let types: Types
    /// The purpose strings for reading and writing, as the app's types need them.
    private let purposeKeys: PurposeKeyCheck
    /// What would make HealthKit raise for these types, or `nil`.
    private let typeProblem: String?

    /// Creates the authority for the types the app writes (`share`) and reads (`read`); `logger` hears, once,
    /// that Info.plist lacks a purpose string, and at once that a type cannot be asked for.
    public init(share: Set<HKSampleType>, read: Set<HKObjectType>, logger: Logger = Logger(label: "Permit.Health")) {
        types = Types(share: share, read: read)
        purposeKeys = PurposeKeyCheck(
            kind: .healthKit, keys: PurposeKeyCheck.healthKeys(reads: !read.isEmpty, writes: !share.isEmpty),
            logger: logger)
        typeProblem = HealthTypeCheck.problem(shareIdentifiers: share.map(\.identifier), readCount: read.count)
        if let typeProblem {
            logger.error(
                "HealthKit unavailable: its types cannot be asked for", metadata: ["problem": "\(typeProblem)"])
        }
    }

    /// The status for the app's types, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .healthKit else { return .unavailable }
        guard typeProblem == nil, !purposeKeys.isMissing else { return .unavailable }
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
        guard typeProblem == nil, !purposeKeys.isMissing else { return .unavailable }
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
