// Stand-in for Apple's UserNotifications, for scripts/check-apple-adapters only: just the authorization API
// that PermitNotifications uses, with the signatures of Apple's Swift interface. Bodies never run. Each
// declaration names its page under https://developer.apple.com/documentation/usernotifications/.
// Platforms: iOS and macOS (since macOS 10.14; timeSensitiveSetting since iOS 15 and macOS 12).

@_exported import Foundation  // as Apple's framework does

// .../unauthorizationoptions: `struct UNAuthorizationOptions : OptionSet, Sendable`
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    // .../unauthorizationoptions/provisional (iOS 12, macOS 10.14)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

// .../unauthorizationstatus: `enum UNAuthorizationStatus : Int`. `ephemeral` (4) exists on iOS only and is
// left out, as on macOS, so that the adapter must not name it.
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
}

// .../unnotificationsetting: `enum UNNotificationSetting : Int`
public enum UNNotificationSetting: Int, Sendable {
    case notSupported = 0
    case disabled = 1
    case enabled = 2
}

// .../unalertstyle: `enum UNAlertStyle : Int`
public enum UNAlertStyle: Int, Sendable {
    case none = 0
    case banner = 1
    case alert = 2
}

// .../unnotificationsettings: `class UNNotificationSettings : NSObject`
open class UNNotificationSettings: NSObject {
    // .../unnotificationsettings/authorizationstatus: `var authorizationStatus: UNAuthorizationStatus { get }`
    open var authorizationStatus: UNAuthorizationStatus { fatalError("stand-in") }
    // .../unnotificationsettings/criticalalertsetting: `var criticalAlertSetting: UNNotificationSetting { get }`
    open var criticalAlertSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/timesensitivesetting: `var timeSensitiveSetting: UNNotificationSetting { get }`
    // (iOS 15, macOS 12)
    open var timeSensitiveSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/alertstyle: `var alertStyle: UNAlertStyle { get }`
    open var alertStyle: UNAlertStyle { fatalError("stand-in") }
    // .../unnotificationsettings/alertsetting: `var alertSetting: UNNotificationSetting { get }`
    open var alertSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/soundsetting: `var soundSetting: UNNotificationSetting { get }`
    open var soundSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/badgesetting: `var badgeSetting: UNNotificationSetting { get }`
    open var badgeSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/lockscreensetting: `var lockScreenSetting: UNNotificationSetting { get }`
    open var lockScreenSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/notificationcentersetting: `var notificationCenterSetting: UNNotificationSetting { get }`
    open var notificationCenterSetting: UNNotificationSetting { fatalError("stand-in") }
    // .../unnotificationsettings/scheduleddeliverysetting: `var scheduledDeliverySetting: UNNotificationSetting { get }`
    // (iOS 15, macOS 12)
    open var scheduledDeliverySetting: UNNotificationSetting { fatalError("stand-in") }
}

// .../unusernotificationcenter: `class UNUserNotificationCenter : NSObject`
open class UNUserNotificationCenter: NSObject {
    // .../unusernotificationcenter/current(): `class func current() -> UNUserNotificationCenter`
    open class func current() -> UNUserNotificationCenter { fatalError("stand-in") }
    // .../unusernotificationcenter/notificationsettings(): `func notificationSettings() async -> UNNotificationSettings`
    open func notificationSettings() async -> UNNotificationSettings { fatalError("stand-in") }
    // .../unusernotificationcenter/requestauthorization(options:completionhandler:), imported for Swift
    // concurrency as `func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool`
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError("stand-in") }
}
