// Stand-in for Apple's CoreLocation, for scripts/check-apple-adapters only: it declares just the API that
// PermitLocation uses, with the signatures of Apple's Swift interface, so that the adapter type-checks on
// Linux. Bodies never run. Each declaration names the documentation page it was taken from
// (https://developer.apple.com/documentation/corelocation/...).
//
// Optional Objective-C protocol requirements cannot be declared in Swift without @objc; here they are
// requirements with default implementations, which an adapter may implement or not, as with the real ones.
// Platforms: iOS and macOS, everything declared here (the when-in-use and always requests since macOS
// 10.15, the authorization property, accuracy and temporary full accuracy since iOS 14 and macOS 11).

@_exported import Foundation  // as Apple's framework does

// .../cllocationdegrees, .../cllocationaccuracy
public typealias CLLocationDegrees = Double
public typealias CLLocationAccuracy = Double

// .../kcllocationaccuracyhundredmeters
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100

// .../cllocationcoordinate2d
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

// .../clauthorizationstatus: `enum CLAuthorizationStatus : Int32`
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

// .../claccuracyauthorization: `enum CLAccuracyAuthorization : Int` (iOS 14, macOS 11)
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

// .../cllocation
open class CLLocation: NSObject {
    // .../cllocation/coordinate: `var coordinate: CLLocationCoordinate2D { get }`
    open var coordinate: CLLocationCoordinate2D { fatalError("stand-in") }
    // .../cllocation/horizontalaccuracy: `var horizontalAccuracy: CLLocationAccuracy { get }`
    open var horizontalAccuracy: CLLocationAccuracy { fatalError("stand-in") }
    // .../cllocation/timestamp: `var timestamp: Date { get }`
    open var timestamp: Date { fatalError("stand-in") }
}

// .../cllocationmanager: `class CLLocationManager : NSObject` (not Sendable, no actor)
open class CLLocationManager: NSObject {
    // .../cllocationmanager/delegate: `weak var delegate: (any CLLocationManagerDelegate)? { get set }`
    open weak var delegate: (any CLLocationManagerDelegate)?
    // .../cllocationmanager/desiredaccuracy: `var desiredAccuracy: CLLocationAccuracy { get set }`
    open var desiredAccuracy: CLLocationAccuracy = 0
    // .../cllocationmanager/authorizationstatus-swift.property: `var authorizationStatus: CLAuthorizationStatus { get }`
    open var authorizationStatus: CLAuthorizationStatus { fatalError("stand-in") }
    // .../cllocationmanager/accuracyauthorization: `var accuracyAuthorization: CLAccuracyAuthorization { get }`
    open var accuracyAuthorization: CLAccuracyAuthorization { fatalError("stand-in") }

    public override init() {}

    // .../cllocationmanager/locationservicesenabled(): `class func locationServicesEnabled() -> Bool`
    open class func locationServicesEnabled() -> Bool { fatalError("stand-in") }
    // .../cllocationmanager/requestwheninuseauthorization(): `func requestWhenInUseAuthorization()`
    open func requestWhenInUseAuthorization() {}
    // .../cllocationmanager/requestalwaysauthorization(): `func requestAlwaysAuthorization()`
    open func requestAlwaysAuthorization() {}
    // .../cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:):
    // `func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String,
    // completion: (@Sendable ((any Error)?) -> Void)? = nil)`
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {}
    // .../cllocationmanager/requestlocation(): `func requestLocation()`
    open func requestLocation() {}
    // .../cllocationmanager/startupdatinglocation(): `func startUpdatingLocation()` ("Starts the generation of
    // updates that report the user's current location"); LocationFixProvider's updates for a page's watch
    open func startUpdatingLocation() {}
    // .../cllocationmanager/stopupdatinglocation(): `func stopUpdatingLocation()` ("Stops the generation of
    // location updates"); LocationFixProvider calls it to end a request that timed out
    open func stopUpdatingLocation() {}
}

// .../cllocationmanagerdelegate: `protocol CLLocationManagerDelegate : NSObjectProtocol`, every method optional
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    // .../cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    // .../cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    // .../cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
}

extension CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
}
