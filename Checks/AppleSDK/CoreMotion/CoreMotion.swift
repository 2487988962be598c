// Stand-in for Apple's Core Motion, for scripts/check-apple-adapters only: just the motion-activity
// authorization API that PermitMotion uses, with the signatures of Apple's Swift interface. Bodies never run.
// Each declaration names its page under https://developer.apple.com/documentation/coremotion/.
// Core Motion imports on macOS, but its motion-activity API does not exist there: CMMotionActivityManager.h
// (macOS 11 SDK) marks the class, its handlers and `authorizationStatus` `API_AVAILABLE(ios(7.0))
// API_UNAVAILABLE(macos)`. On macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS) nothing is declared.

@_exported import Foundation  // as Apple's framework does

#if !PERMIT_STANDIN_MACOS

// .../cmauthorizationstatus: `enum CMAuthorizationStatus : Int` (iOS 11)
public enum CMAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// .../cmmotionactivity: `class CMMotionActivity : CMLogItem`
open class CMMotionActivity: NSObject {}

// .../cmmotionactivityqueryhandler: `typealias CMMotionActivityQueryHandler = ([CMMotionActivity]?, (any Error)?) -> Void`
public typealias CMMotionActivityQueryHandler = ([CMMotionActivity]?, (any Error)?) -> Void

// .../cmmotionactivitymanager: `class CMMotionActivityManager : NSObject`; declared without Sendable.
open class CMMotionActivityManager: NSObject {
    public override init() {}
    // .../cmmotionactivitymanager/isactivityavailable(): `class func isActivityAvailable() -> Bool`
    open class func isActivityAvailable() -> Bool { fatalError("stand-in") }
    // .../cmmotionactivitymanager/authorizationstatus(): `class func authorizationStatus() -> CMAuthorizationStatus`
    open class func authorizationStatus() -> CMAuthorizationStatus { fatalError("stand-in") }
    // .../cmmotionactivitymanager/queryactivitystarting(from:to:to:withhandler:):
    // `func queryActivityStarting(from start: Date, to end: Date, to queue: OperationQueue,
    //   withHandler handler: @escaping CMMotionActivityQueryHandler)`
    open func queryActivityStarting(
        from start: Date, to end: Date, to queue: OperationQueue,
        withHandler handler: @escaping CMMotionActivityQueryHandler
    ) { fatalError("stand-in") }
}
#endif
