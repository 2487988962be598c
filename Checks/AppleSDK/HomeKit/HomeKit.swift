// Stand-in for Apple's HomeKit, for scripts/check-apple-adapters only: just the authorization API that PermitHome
// uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/homekit/.
// HomeKit's classes are `API_AVAILABLE(ios(8.0), watchos(2.0), tvos(10.0), macCatalyst(14.0))
// API_UNAVAILABLE(macos)` (HMHomeManager.h; .../hmhomemanager lists iOS, iPadOS, Mac Catalyst, tvOS, visionOS and
// watchOS): on macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS) nothing is declared.

@_exported import Foundation  // as Apple's framework does

#if !PERMIT_STANDIN_MACOS

// .../hmhomemanagerauthorizationstatus: `struct HMHomeManagerAuthorizationStatus : OptionSet` (iOS 13)
public struct HMHomeManagerAuthorizationStatus: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // .../determined: the person has answered the prompt (or a restriction answered for them)
    public static let determined = HMHomeManagerAuthorizationStatus(rawValue: 1 << 0)
    // .../restricted
    public static let restricted = HMHomeManagerAuthorizationStatus(rawValue: 1 << 1)
    // .../authorized
    public static let authorized = HMHomeManagerAuthorizationStatus(rawValue: 1 << 2)
}

// .../hmhomemanagerdelegate: `protocol HMHomeManagerDelegate : NSObjectProtocol`; its methods are optional in
// Objective-C, a requirement with a default implementation here.
public protocol HMHomeManagerDelegate: NSObjectProtocol {
    // .../hmhomemanagerdelegate/homemanager(_:didupdate:) (iOS 13):
    // `optional func homeManager(_ manager: HMHomeManager, didUpdate status: HMHomeManagerAuthorizationStatus)`
    func homeManager(_ manager: HMHomeManager, didUpdate status: HMHomeManagerAuthorizationStatus)
}

extension HMHomeManagerDelegate {
    public func homeManager(_ manager: HMHomeManager, didUpdate status: HMHomeManagerAuthorizationStatus) {}
}

// .../hmhomemanager: `class HMHomeManager : NSObject`; declared without Sendable.
open class HMHomeManager: NSObject {
    public override init() {}
    // .../hmhomemanager/delegate: `weak var delegate: (any HMHomeManagerDelegate)? { get set }`
    open weak var delegate: (any HMHomeManagerDelegate)?
    // .../hmhomemanager/authorizationstatus: `var authorizationStatus: HMHomeManagerAuthorizationStatus { get }`
    open var authorizationStatus: HMHomeManagerAuthorizationStatus { fatalError("stand-in") }
}
#endif
