// Stand-in for Apple's LocalAuthentication, for scripts/check-apple-adapters only: just the API that
// PermitFaceID uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names its
// page under https://developer.apple.com/documentation/localauthentication/.
// Platforms: iOS and macOS (biometryType since iOS 11 and macOS 10.13.2).

@_exported import Foundation  // as Apple's framework does

// Apple's Foundation declares `typealias NSErrorPointer = AutoreleasingUnsafeMutablePointer<NSError?>?`; Linux's
// has neither, so the stand-in declares the pointer an adapter passes `&error` to.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

// .../lapolicy: `enum LAPolicy : Int`
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
}

// .../labiometrytype: `enum LABiometryType : Int`
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    case opticID = 4
}

// .../lacontext: `class LAContext : NSObject` (not Sendable)
open class LAContext: NSObject {
    public override init() {}
    // .../lacontext/biometrytype: `var biometryType: LABiometryType { get }`, set by canEvaluatePolicy(_:error:)
    open var biometryType: LABiometryType { fatalError("stand-in") }
    // .../lacontext/canevaluatepolicy(_:error:): `func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer)
    // -> Bool`
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool { fatalError("stand-in") }
    // .../lacontext/evaluatepolicy(_:localizedreason:reply:), imported for Swift concurrency as
    // `func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool`
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool { fatalError("stand-in") }
}
