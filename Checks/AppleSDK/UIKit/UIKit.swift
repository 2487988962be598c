// Stand-in for Apple's UIKit, for scripts/check-apple-adapters only: just the application, notification and
// haptics API that PermitUIKit uses, with the signatures of Apple's Swift interface, main-actor isolated as
// UIKit is. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/uikit/.
// Platforms: iOS only. UIKit is absent from the macOS SDK (Mac Catalyst apps are iOS apps), so the check's
// macOS pass never builds this stand-in and `canImport(UIKit)` is false there, as on a Mac.

@_exported import Foundation  // as Apple's framework does

// .../uiresponder: `@MainActor class UIResponder : NSObject`
@MainActor
open class UIResponder: NSObject {}

// .../uiviewcontroller: `@MainActor class UIViewController : UIResponder`
@MainActor
open class UIViewController: UIResponder {}

// .../uiapplication: `@MainActor class UIApplication : UIResponder`
@MainActor
open class UIApplication: UIResponder {
    // .../uiapplication/shared: `class var shared: UIApplication { get }`
    open class var shared: UIApplication { fatalError("stand-in") }
    // .../uiapplication/opensettingsurlstring: `class let openSettingsURLString: String`
    public static let openSettingsURLString: String = "app-settings:"
    // .../uiapplication/didenterbackgroundnotification, .../willenterforegroundnotification,
    // .../didbecomeactivenotification: `class let ...: NSNotification.Name`
    public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    // .../uiapplication/willresignactivenotification: `class let willResignActiveNotification: NSNotification.Name`
    public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")

    // .../uiapplication/openexternalurloptionskey: `struct OpenExternalURLOptionsKey : Hashable, RawRepresentable`
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // .../uiapplication/openexternalurloptionskey/universallinksonly: `static let universalLinksOnly:
        // UIApplication.OpenExternalURLOptionsKey`
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    // .../uiapplication/open(_:options:completionhandler:), imported for Swift concurrency as
    // `func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey : Any] = [:]) async -> Bool`
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        fatalError("stand-in")
    }
}

// .../uiview: `@MainActor class UIView : UIResponder`
@MainActor
open class UIView: UIResponder {
    // .../uiview/autoresizingmask-swift.struct: `struct AutoresizingMask : OptionSet, Sendable`
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    // .../uiview/init(frame:): `init(frame: CGRect)`
    public init(frame: CGRect) {}
    // .../uiview/frame: `var frame: CGRect { get set }`
    open var frame: CGRect { get { fatalError("stand-in") } set {} }
    // .../uiview/bounds: `var bounds: CGRect { get set }`
    open var bounds: CGRect { get { fatalError("stand-in") } set {} }
    // .../uiview/autoresizingmask-swift.property: `var autoresizingMask: UIView.AutoresizingMask { get set }`
    open var autoresizingMask: AutoresizingMask { get { fatalError("stand-in") } set {} }
    // .../uiview/addsubview(_:): `func addSubview(_ view: UIView)`
    open func addSubview(_ view: UIView) {}
}

// .../uifeedbackgenerator: `@MainActor class UIFeedbackGenerator : NSObject`
@MainActor
open class UIFeedbackGenerator: NSObject {
    // .../uifeedbackgenerator/prepare(): `func prepare()`
    open func prepare() {}
}

// .../uiimpactfeedbackgenerator: `@MainActor class UIImpactFeedbackGenerator : UIFeedbackGenerator`
@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    // .../uiimpactfeedbackgenerator/feedbackstyle: `enum FeedbackStyle : Int` (soft, rigid: iOS 13)
    public enum FeedbackStyle: Int, Sendable {
        case light = 0
        case medium = 1
        case heavy = 2
        case soft = 3
        case rigid = 4
    }

    // .../uiimpactfeedbackgenerator/init(style:): `init(style: UIImpactFeedbackGenerator.FeedbackStyle)`
    public init(style: FeedbackStyle) {}
    // .../uiimpactfeedbackgenerator/impactoccurred(): `func impactOccurred()`
    open func impactOccurred() {}
}
