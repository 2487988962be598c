// Stand-in for Apple's EventKit, for scripts/check-apple-adapters only: just the authorization API that
// PermitCalendar, PermitCalendarWriteOnly and PermitReminders use, with the signatures of Apple's Swift
// interface. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/eventkit/.
// Platforms: iOS and macOS (the full- and write-only-access requests since iOS 17 and macOS 14).

@_exported import Foundation  // as Apple's framework does

// .../ekentitytype: `enum EKEntityType : UInt`
public enum EKEntityType: UInt, Sendable {
    case event = 0
    case reminder = 1
}

// .../ekauthorizationstatus: `enum EKAuthorizationStatus : Int`. The deprecated `authorized` shares raw value 3
// with `fullAccess` (iOS 17, macOS 14) and is left out; `writeOnly` (4) is iOS 17 and macOS 14.
public enum EKAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case fullAccess = 3
    case writeOnly = 4
}

// .../ekeventstore: `class EKEventStore : NSObject`
open class EKEventStore: NSObject {
    public override init() {}
    // .../ekeventstore/authorizationstatus(for:): `class func authorizationStatus(for entityType: EKEntityType)
    // -> EKAuthorizationStatus`
    open class func authorizationStatus(for entityType: EKEntityType) -> EKAuthorizationStatus { fatalError("stand-in") }
    // .../ekeventstore/requestfullaccesstoevents(completion:), imported for Swift concurrency as
    // `func requestFullAccessToEvents() async throws -> Bool` (iOS 17, macOS 14)
    open func requestFullAccessToEvents() async throws -> Bool { fatalError("stand-in") }
    // .../ekeventstore/requestwriteonlyaccesstoevents(completion:), imported for Swift concurrency as
    // `func requestWriteOnlyAccessToEvents() async throws -> Bool` (iOS 17, macOS 14)
    open func requestWriteOnlyAccessToEvents() async throws -> Bool { fatalError("stand-in") }
    // .../ekeventstore/requestfullaccesstoreminders(completion:), imported for Swift concurrency as
    // `func requestFullAccessToReminders() async throws -> Bool` (iOS 17, macOS 14)
    open func requestFullAccessToReminders() async throws -> Bool { fatalError("stand-in") }
    // .../ekeventstore/requestaccess(to:completion:) (deprecated in iOS 17 and macOS 14), imported for Swift
    // concurrency as `func requestAccess(to entityType: EKEntityType) async throws -> Bool`
    open func requestAccess(to entityType: EKEntityType) async throws -> Bool { fatalError("stand-in") }
}
