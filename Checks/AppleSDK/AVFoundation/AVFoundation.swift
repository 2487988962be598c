// Stand-in for Apple's AVFoundation, for scripts/check-apple-adapters only: just the capture-authorization
// API that PermitCamera uses, with the signatures of Apple's Swift interface. Bodies never run. Each
// declaration names its page under https://developer.apple.com/documentation/avfoundation/.
// Platforms: iOS and macOS (AVCaptureDevice's authorization API since iOS 7 and macOS 10.14).

@_exported import Foundation  // as Apple's framework does

// .../avmediatype: `struct AVMediaType : Hashable, Equatable, RawRepresentable` (a typed string constant)
public struct AVMediaType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    // .../avmediatype/video, .../avmediatype/audio
    public static let video = AVMediaType("vide")
    public static let audio = AVMediaType("soun")
}

// .../avauthorizationstatus: `enum AVAuthorizationStatus : Int`
public enum AVAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// .../avcapturedevice: `class AVCaptureDevice : NSObject`
open class AVCaptureDevice: NSObject {
    // .../avcapturedevice/authorizationstatus(for:): `class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus`
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus { fatalError("stand-in") }
    // .../avcapturedevice/requestaccess(for:completionhandler:): `class func requestAccess(for mediaType:
    // AVMediaType, completionHandler handler: @escaping @Sendable (Bool) -> Void)`, imported for Swift
    // concurrency as `class func requestAccess(for mediaType: AVMediaType) async -> Bool`
    open class func requestAccess(for mediaType: AVMediaType) async -> Bool { fatalError("stand-in") }
    // .../avcapturedevice/default(for:): `class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice?`
    open class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice? { fatalError("stand-in") }
}
