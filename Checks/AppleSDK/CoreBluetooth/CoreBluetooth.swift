// Stand-in for Apple's Core Bluetooth, for scripts/check-apple-adapters only: just the authorization API that
// PermitBluetooth uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration names
// its page under https://developer.apple.com/documentation/corebluetooth/.
// Platforms: iOS and macOS (CBManager's authorization since iOS 13.1 and macOS 10.15).

@_exported import Foundation  // as Apple's framework does

// .../cbmanagerauthorization: `enum CBManagerAuthorization : Int` (iOS 13.1, macOS 10.15)
public enum CBManagerAuthorization: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case allowedAlways = 3
}

// .../cbmanagerstate: `enum CBManagerState : Int`
public enum CBManagerState: Int, Sendable {
    case unknown = 0
    case resetting = 1
    case unsupported = 2
    case unauthorized = 3
    case poweredOff = 4
    case poweredOn = 5
}

// .../cbmanager: `class CBManager : NSObject`; declared without Sendable, the stricter reading.
open class CBManager: NSObject {
    // .../cbmanager/authorization-swift.type.property: `class var authorization: CBManagerAuthorization { get }`
    open class var authorization: CBManagerAuthorization { fatalError("stand-in") }
    // .../cbmanager/state: `var state: CBManagerState { get }`
    open var state: CBManagerState { fatalError("stand-in") }
}

// .../cbcentralmanagerdelegate: `protocol CBCentralManagerDelegate : NSObjectProtocol`; its one required method.
public protocol CBCentralManagerDelegate: NSObjectProtocol {
    // .../cbcentralmanagerdelegate/centralmanagerdidupdatestate(_:)
    func centralManagerDidUpdateState(_ central: CBCentralManager)
}

// .../cbcentralmanageroptionshowpoweralertkey: `let CBCentralManagerOptionShowPowerAlertKey: String`
public let CBCentralManagerOptionShowPowerAlertKey: String = "kCBInitOptionShowPowerAlert"

// .../cbcentralmanager: `class CBCentralManager : CBManager`
open class CBCentralManager: CBManager {
    // .../cbcentralmanager/init(delegate:queue:options:):
    // `init(delegate: (any CBCentralManagerDelegate)?, queue: dispatch_queue_t?, options: [String : Any]? = nil)`
    public init(delegate: (any CBCentralManagerDelegate)?, queue: DispatchQueue?, options: [String: Any]? = nil) {
        fatalError("stand-in")
    }
}
