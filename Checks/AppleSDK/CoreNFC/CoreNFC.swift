// Stand-in for Apple's Core NFC, for scripts/check-apple-adapters only: just the availability API that PermitNFC
// uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/corenfc/.

@_exported import Foundation  // as Apple's framework does

// .../nfcreadersession: `class NFCReaderSession : NSObject` (iOS 11)
open class NFCReaderSession: NSObject {
    // .../nfcreadersession/readingavailable: `class var readingAvailable: Bool { get }`
    open class var readingAvailable: Bool { fatalError("stand-in") }
}

// .../nfcndefreadersession: `class NFCNDEFReaderSession : NFCReaderSession`
open class NFCNDEFReaderSession: NFCReaderSession {}
