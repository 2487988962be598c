// Stand-in for Apple's Photos (PhotoKit), for scripts/check-apple-adapters only: just the authorization API that
// PermitPhotos and PermitPhotosAddOnly use, with the signatures of Apple's Swift interface. Bodies never run. Each
// declaration names its page under https://developer.apple.com/documentation/photos/.
// Platforms: iOS and macOS (the access-level API since iOS 14 and macOS 11).

@_exported import Foundation  // as Apple's framework does

// .../phaccesslevel: `enum PHAccessLevel : Int` (iOS 14, macOS 11)
public enum PHAccessLevel: Int, Sendable {
    case addOnly = 1
    case readWrite = 2
}

// .../phauthorizationstatus: `enum PHAuthorizationStatus : Int`; `limited` since iOS 14 and macOS 11
public enum PHAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
    case limited = 4
}

// .../phphotolibrary: `class PHPhotoLibrary : NSObject`
open class PHPhotoLibrary: NSObject {
    // .../phphotolibrary/shared(): `class func shared() -> PHPhotoLibrary`
    open class func shared() -> PHPhotoLibrary { fatalError("stand-in") }
    // .../phphotolibrary/authorizationstatus(for:): `class func authorizationStatus(for accessLevel: PHAccessLevel)
    // -> PHAuthorizationStatus`
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus { fatalError("stand-in") }
    // .../phphotolibrary/requestauthorization(for:handler:): `class func requestAuthorization(for accessLevel:
    // PHAccessLevel, handler: @escaping @Sendable (PHAuthorizationStatus) -> Void)`, imported for Swift concurrency
    // as `class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus`
    open class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus {
        fatalError("stand-in")
    }
}
