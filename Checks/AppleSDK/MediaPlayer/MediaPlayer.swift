// Stand-in for Apple's Media Player framework, for scripts/check-apple-adapters only: just the media-library
// authorization API that PermitMediaLibrary uses, with the signatures of Apple's Swift interface. Bodies never
// run. Each declaration names its page under https://developer.apple.com/documentation/mediaplayer/.
// MediaPlayer imports on macOS, but its media library does not exist there: MPMediaLibrary.h marks it
// `MP_PROHIBITED(tvos, watchos, macos)`, and .../mpmedialibraryauthorizationstatus lists iOS, iPadOS, Mac
// Catalyst and visionOS. On macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS) nothing is declared.

@_exported import Foundation  // as Apple's framework does

#if !PERMIT_STANDIN_MACOS

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
#endif
