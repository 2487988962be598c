// Stand-in for Apple's Speech framework, for scripts/check-apple-adapters only: just the authorization API that
// PermitSpeech uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its
// page under https://developer.apple.com/documentation/speech/.
// Platforms: iOS 10 and macOS 10.15 (SFSpeechRecognizer).

@_exported import Foundation  // as Apple's framework does

// .../sfspeechrecognizerauthorizationstatus: `enum SFSpeechRecognizerAuthorizationStatus : Int` (iOS 10)
public enum SFSpeechRecognizerAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case restricted = 2
    case authorized = 3
}

// .../sfspeechrecognizer: `class SFSpeechRecognizer : NSObject`
open class SFSpeechRecognizer: NSObject {
    // .../sfspeechrecognizer/authorizationstatus(): `class func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus`
    open class func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus { fatalError("stand-in") }
    // .../sfspeechrecognizer/requestauthorization(_:):
    // `class func requestAuthorization(_ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void)`;
    // the handler runs on an arbitrary queue.
    open class func requestAuthorization(_ handler: @escaping @Sendable (SFSpeechRecognizerAuthorizationStatus) -> Void) {
        fatalError("stand-in")
    }
}
