// Stand-in for Apple's Contacts, for scripts/check-apple-adapters only: just the authorization API that
// PermitContacts uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names
// its page under https://developer.apple.com/documentation/contacts/.
// Platforms: iOS and macOS (CNContactStore since iOS 9 and macOS 10.11).

@_exported import Foundation  // as Apple's framework does

// .../cnentitytype: `enum CNEntityType : Int`
public enum CNEntityType: Int, Sendable {
    case contacts = 0
}

// .../cnauthorizationstatus: `enum CNAuthorizationStatus : Int`. `limited` (4) exists on iOS 18 only
// (NS_ENUM_AVAILABLE_IOS(18_0)) and is left out, as on macOS, so that the adapter must not name it.
public enum CNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// .../cncontactstore: `class CNContactStore : NSObject`
open class CNContactStore: NSObject {
    public override init() {}
    // .../cncontactstore/authorizationstatus(for:): `class func authorizationStatus(for entityType: CNEntityType)
    // -> CNAuthorizationStatus`
    open class func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus { fatalError("stand-in") }
    // .../cncontactstore/requestaccess(for:completionhandler:), imported for Swift concurrency as
    // `func requestAccess(for entityType: CNEntityType) async throws -> Bool`
    open func requestAccess(for entityType: CNEntityType) async throws -> Bool { fatalError("stand-in") }
}
