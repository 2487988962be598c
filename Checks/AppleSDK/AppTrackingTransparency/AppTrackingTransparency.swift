// Stand-in for Apple's App Tracking Transparency, for scripts/check-apple-adapters only: the whole of its API,
// with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/apptrackingtransparency/.
// Platforms: iOS 14 and macOS 11, the whole framework.

@_exported import Foundation  // as Apple's framework does

// .../attrackingmanager: `class ATTrackingManager : NSObject` (iOS 14)
open class ATTrackingManager: NSObject {
    // .../attrackingmanager/authorizationstatus: `enum AuthorizationStatus : UInt`
    public enum AuthorizationStatus: UInt, Sendable {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }
    // .../attrackingmanager/trackingauthorizationstatus:
    // `class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus { get }`
    open class var trackingAuthorizationStatus: AuthorizationStatus { fatalError("stand-in") }
    // .../attrackingmanager/requesttrackingauthorization(completionhandler:), imported for Swift concurrency as
    // `class func requestTrackingAuthorization() async -> ATTrackingManager.AuthorizationStatus`
    open class func requestTrackingAuthorization() async -> AuthorizationStatus { fatalError("stand-in") }
}
