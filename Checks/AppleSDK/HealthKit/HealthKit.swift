// Stand-in for Apple's HealthKit, for scripts/check-apple-adapters only: just the authorization API that
// PermitHealth uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its
// page under https://developer.apple.com/documentation/healthkit/. The object types are declared without
// Sendable, the stricter reading.
// Platforms: iOS and macOS 13 (.../hkhealthstore lists macOS 13.0).

@_exported import Foundation  // as Apple's framework does

// .../hkauthorizationstatus: `enum HKAuthorizationStatus : Int` (iOS 8): the app's permission to write (share)
// one type. Read permission has no status, by design.
public enum HKAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case sharingDenied = 1
    case sharingAuthorized = 2
}

// .../hkauthorizationrequeststatus: `enum HKAuthorizationRequestStatus : Int` (iOS 12)
public enum HKAuthorizationRequestStatus: Int, Sendable {
    case unknown = 0
    case shouldRequest = 1
    case unnecessary = 2
}

// .../hkobjecttype: `class HKObjectType : NSObject, NSCopying, NSSecureCoding`
open class HKObjectType: NSObject {
    // .../hkobjecttype/identifier: `var identifier: String { get }`
    open var identifier: String { fatalError("stand-in") }
}

// .../hksampletype: `class HKSampleType : HKObjectType`
open class HKSampleType: HKObjectType {}

// .../hkhealthstore: `class HKHealthStore : NSObject`
open class HKHealthStore: NSObject {
    public override init() {}
    // .../hkhealthstore/ishealthdataavailable(): `class func isHealthDataAvailable() -> Bool`
    open class func isHealthDataAvailable() -> Bool { fatalError("stand-in") }
    // .../hkhealthstore/authorizationstatus(for:): `func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus`
    open func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus { fatalError("stand-in") }
    // .../hkhealthstore/statusforauthorizationrequest(toshare:read:) (iOS 15):
    // `func statusForAuthorizationRequest(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>)
    //   async throws -> HKAuthorizationRequestStatus`
    open func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus { fatalError("stand-in") }
    // .../hkhealthstore/requestauthorization(toshare:read:) (iOS 15):
    // `func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws`
    open func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws {
        fatalError("stand-in")
    }
}
