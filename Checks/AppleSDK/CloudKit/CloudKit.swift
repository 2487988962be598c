// Stand-in for Apple's CloudKit, for scripts/check-apple-adapters only: just the account-status API that
// PermitCloud uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names
// its page under https://developer.apple.com/documentation/cloudkit/.
// Platforms: iOS and macOS, all of it (temporarilyUnavailable since iOS 15 and macOS 12).

@_exported import Foundation  // as Apple's framework does

// .../ckaccountstatus: `enum CKAccountStatus : Int` (temporarilyUnavailable: iOS 15, macOS 12)
public enum CKAccountStatus: Int, Sendable {
    case couldNotDetermine = 0
    case available = 1
    case restricted = 2
    case noAccount = 3
    case temporarilyUnavailable = 4
}

// .../ckcontainer: `class CKContainer : NSObject`
open class CKContainer: NSObject {
    // .../ckcontainer/default(): `class func `default`() -> CKContainer`
    open class func `default`() -> CKContainer { fatalError("stand-in") }
    // .../ckcontainer/init(identifier:): `convenience init(identifier containerIdentifier: String)`
    public convenience init(identifier containerIdentifier: String) { self.init() }
    // .../ckcontainer/accountstatus(completionhandler:), imported for Swift concurrency as
    // `func accountStatus() async throws -> CKAccountStatus`
    open func accountStatus() async throws -> CKAccountStatus { fatalError("stand-in") }
}
