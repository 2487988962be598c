// Stand-in for Apple's Nearby Interaction, for scripts/check-apple-adapters only: just the capability and error
// API that PermitNearbyInteraction uses, with the signatures of Apple's Swift interface. Bodies never run. Each
// declaration names its page under https://developer.apple.com/documentation/nearbyinteraction/.
// The framework imports on macOS, but its API is `API_UNAVAILABLE(macos, tvos)` (NISession.h,
// NIDeviceCapability.h, NIError.h; .../nisession/devicecapabilities lists iOS, iPadOS, Mac Catalyst and
// watchOS): on macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS) nothing is declared.

@_exported import Foundation  // as Apple's framework does

#if !PERMIT_STANDIN_MACOS

// .../nidevicecapability: `protocol NIDeviceCapability` (iOS 16)
public protocol NIDeviceCapability {
    // .../nidevicecapability/supportsprecisedistancemeasurement: `var supportsPreciseDistanceMeasurement: Bool { get }`
    var supportsPreciseDistanceMeasurement: Bool { get }
}

// .../nisession: `class NISession : NSObject`
open class NISession: NSObject {
    // .../nisession/devicecapabilities: `class var deviceCapabilities: any NIDeviceCapability { get }` (iOS 16)
    open class var deviceCapabilities: any NIDeviceCapability { fatalError("stand-in") }
}

// .../nierror: `struct NIError`, its codes in `NIError.Code`
public struct NIError: Error, Sendable {
    // .../nierror/code: `enum Code : Int`; the raw values are left out, so that the adapter cannot rely on them.
    public enum Code: Sendable {
        case unsupportedPlatform
        case invalidConfiguration
        case sessionFailed
        case resourceUsageTimeout
        case activeSessionsLimitExceeded
        case userDidNotAllow
    }
    // .../nierror/errordomain: `static var errorDomain: String { get }`
    public static var errorDomain: String { "com.apple.NearbyInteraction" }
    // .../nierror/code-swift.property
    public var code: Code { fatalError("stand-in") }
}
#endif
