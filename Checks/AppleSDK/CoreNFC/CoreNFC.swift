// Stand-in for Apple's Core NFC, for scripts/check-apple-adapters only: just the availability API that PermitNFC
// uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/corenfc/.
// Its reader sessions are `API_AVAILABLE(ios(11.0)) API_UNAVAILABLE(watchos, macos, tvos)` (NFCReaderSession.h;
// .../nfcreadersession lists iOS, iPadOS and Mac Catalyst). Whether the macOS SDK ships the framework at all
// does not matter to the check: on macOS (its macOS pass, -D PERMIT_STANDIN_MACOS) nothing is declared.

@_exported import Foundation  // as Apple's framework does

#if !PERMIT_STANDIN_MACOS

// .../nfcreadersession: `class NFCReaderSession : NSObject` (iOS 11)
open class NFCReaderSession: NSObject {
    // .../nfcreadersession/readingavailable: `class var readingAvailable: Bool { get }`
    open class var readingAvailable: Bool { fatalError("stand-in") }
}

// .../nfcndefreadersession: `class NFCNDEFReaderSession : NFCReaderSession`
open class NFCNDEFReaderSession: NFCReaderSession {}
#endif
