// Stand-in for Apple's Media Player framework, for scripts/check-apple-adapters only: just the media-library
// authorization API that PermitMediaLibrary uses, with the signatures of Apple's Swift interface. Bodies never
// run. Each declaration names its page under https://developer.apple.com/documentation/mediaplayer/.

@_exported import Foundation  // as Apple's framework does

// .../mpmedialibraryauthorizationstatus: `enum MPMediaLibraryAuthorizationStatus : Int` (iOS 9.3)
public enum MPMediaLibraryAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case restricted = 2
    case authorized = 3
}

// .../mpmedialibrary: `class MPMediaLibrary : NSObject`
open class MPMediaLibrary: NSObject {
    // .../mpmedialibrary/authorizationstatus(): `class func authorizationStatus() -> MPMediaLibraryAuthorizationStatus`
    open class func authorizationStatus() -> MPMediaLibraryAuthorizationStatus { fatalError("stand-in") }
    // .../mpmedialibrary/requestauthorization(_:):
    // `class func requestAuthorization(_ handler: @escaping (MPMediaLibraryAuthorizationStatus) -> Void)`;
    // the handler runs on an arbitrary queue.
    open class func requestAuthorization(_ handler: @escaping @Sendable (MPMediaLibraryAuthorizationStatus) -> Void) {
        fatalError("stand-in")
    }
}
