// Stand-in for Apple's Intents (SiriKit), for scripts/check-apple-adapters only: just the Focus status
// authorization API that PermitFocusStatus uses, with the signatures of Apple's Swift interface. Bodies never
// run. Each declaration names its page under https://developer.apple.com/documentation/intents/.
// Intents imports on macOS, but the Siri authorization API does not exist there: on macOS (the check's macOS pass,
// -D PERMIT_STANDIN_MACOS) only the Focus status API is declared.

@_exported import Foundation  // as Apple's framework does

// .../infocusstatusauthorizationstatus: `enum INFocusStatusAuthorizationStatus : Int` (iOS 15, macOS 12)
public enum INFocusStatusAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// .../infocusstatuscenter: `class INFocusStatusCenter : NSObject` (iOS 15, macOS 12); declared without Sendable,
// which Apple's interface does not state.
open class INFocusStatusCenter: NSObject {
    // .../infocusstatuscenter/default: `class var `default`: INFocusStatusCenter { get }`
    open class var `default`: INFocusStatusCenter { fatalError("stand-in") }
    // .../infocusstatuscenter/authorizationstatus: `var authorizationStatus: INFocusStatusAuthorizationStatus { get }`
    open var authorizationStatus: INFocusStatusAuthorizationStatus { fatalError("stand-in") }
    // .../infocusstatuscenter/requestauthorization(completionhandler:), imported for Swift concurrency as
    // `func requestAuthorization() async -> INFocusStatusAuthorizationStatus`
    open func requestAuthorization() async -> INFocusStatusAuthorizationStatus { fatalError("stand-in") }
}

#if !PERMIT_STANDIN_MACOS
// INPreferences.h: `API_AVAILABLE(ios(10.0), watchos(3.2), tvos(14.0)) API_UNAVAILABLE(macos)` (the macOS 11
// SDK's header); .../inpreferences and .../insiriauthorizationstatus list iOS, iPadOS, Mac Catalyst, tvOS,
// visionOS and watchOS, not macOS.

// .../insiriauthorizationstatus: `enum INSiriAuthorizationStatus : Int` (iOS 10)
public enum INSiriAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// .../inpreferences: `class INPreferences : NSObject`
open class INPreferences: NSObject {
    // .../inpreferences/siriauthorizationstatus(): `class func siriAuthorizationStatus() -> INSiriAuthorizationStatus`
    open class func siriAuthorizationStatus() -> INSiriAuthorizationStatus { fatalError("stand-in") }
    // .../inpreferences/requestsiriauthorization(_:):
    // `class func requestSiriAuthorization(_ handler: @escaping (INSiriAuthorizationStatus) -> Void)`; the handler
    // runs on an arbitrary queue.
    open class func requestSiriAuthorization(_ handler: @escaping @Sendable (INSiriAuthorizationStatus) -> Void) {
        fatalError("stand-in")
    }
}
#endif
