// Stand-in for Apple's Security framework, for scripts/check-apple-adapters only: just the Keychain item API that
// PermitKeychain uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its
// page under https://developer.apple.com/documentation/security/.
//
// Linux's Foundation has no CoreFoundation bridging, so the CF types are declared as the Swift types Apple's
// bridge turns them into: `CFDictionary` as `[String: Any]`, `CFString` as `String`. Code written against them,
// `kSecClass as String` and `query as CFDictionary`, compiles unchanged against Apple's framework, where those
// casts bridge.
// Platforms: iOS and macOS, all of it.

@_exported import Foundation  // as Apple's framework does

// CoreFoundation's `OSStatus` (`typealias OSStatus = Int32`), `CFTypeRef` (`typealias CFTypeRef = AnyObject`).
public typealias OSStatus = Int32
public typealias CFTypeRef = AnyObject
public typealias CFDictionary = [String: Any]
public typealias CFString = String

// .../errsecsuccess, .../errsecitemnotfound, .../errsecduplicateitem: `var errSec…: OSStatus { get }`
public let errSecSuccess: OSStatus = 0
public let errSecItemNotFound: OSStatus = -25_300
public let errSecDuplicateItem: OSStatus = -25_299

// .../ksecclass, .../ksecclassgenericpassword, .../ksecattrservice, .../ksecattraccount, .../ksecattraccessgroup,
// .../ksecattraccessible, .../ksecattraccessibleafterfirstunlockthisdeviceonly, .../ksecvaluedata,
// .../ksecreturndata, .../ksecmatchlimit, .../ksecmatchlimitone: `let kSec…: CFString`
public let kSecClass: CFString = "class"
public let kSecClassGenericPassword: CFString = "genp"
public let kSecAttrService: CFString = "svce"
public let kSecAttrAccount: CFString = "acct"
public let kSecAttrAccessGroup: CFString = "agrp"
public let kSecAttrAccessible: CFString = "pdmn"
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
public let kSecValueData: CFString = "v_Data"
public let kSecReturnData: CFString = "r_Data"
public let kSecMatchLimit: CFString = "m_Limit"
public let kSecMatchLimitOne: CFString = "m_LimitOne"

// .../secitemcopymatching(_:_:): `func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}
// .../secitemadd(_:_:): `func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}
// .../secitemupdate(_:_:): `func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus`
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { fatalError("stand-in") }
// .../secitemdelete(_:): `func SecItemDelete(_ query: CFDictionary) -> OSStatus`
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError("stand-in") }
