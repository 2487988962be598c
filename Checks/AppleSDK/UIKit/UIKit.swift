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
open class UIViewController: UIResponder {
    // .../uiviewcontroller/presentedviewcontroller: `var presentedViewController: UIViewController? { get }`
    open var presentedViewController: UIViewController? { fatalError("stand-in") }
    // .../uiviewcontroller/presentingviewcontroller: `var presentingViewController: UIViewController? { get }`
    open var presentingViewController: UIViewController? { fatalError("stand-in") }
    // .../uiviewcontroller/isbeingdismissed: `var isBeingDismissed: Bool { get }`
    open var isBeingDismissed: Bool { fatalError("stand-in") }
    // .../uiviewcontroller/present(_:animated:completion:): `func present(_ viewControllerToPresent: UIViewController,
    // animated flag: Bool, completion: (() -> Void)? = nil)`
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
}

// .../uialertcontroller: `@MainActor class UIAlertController : UIViewController`
@MainActor
open class UIAlertController: UIViewController {
    // .../uialertcontroller/style: `enum Style : Int, @unchecked Sendable`
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    // .../uialertcontroller/init(title:message:preferredstyle:): `convenience init(title: String?, message: String?,
    // preferredStyle: UIAlertController.Style)`
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) { self.init() }
    // .../uialertcontroller/addaction(_:): `func addAction(_ action: UIAlertAction)`
    open func addAction(_ action: UIAlertAction) {}
    // .../uialertcontroller/preferredaction: `var preferredAction: UIAlertAction? { get set }`
    open var preferredAction: UIAlertAction? { get { fatalError("stand-in") } set {} }
}

// .../uialertaction: `@MainActor class UIAlertAction : NSObject, NSCopying` (NSCopying left out: the adapters
// never copy an action)
@MainActor
open class UIAlertAction: NSObject {
    // .../uialertaction/style-swift.enum: `enum Style : Int, @unchecked Sendable`
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    // .../uialertaction/init(title:style:handler:): `convenience init(title: String?, style: UIAlertAction.Style,
    // handler: ((UIAlertAction) -> Void)? = nil)`
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
    }
}

// .../nsobject/1615093-accessibilityhint (UIAccessibility, on every NSObject): `var accessibilityHint: String? { get set }`
extension NSObject {
    @MainActor public var accessibilityHint: String? {
        get { fatalError("stand-in") }
        set {}
    }
}

// .../uiscene: `@MainActor class UIScene : UIResponder`
@MainActor
open class UIScene: UIResponder {}

// .../uiwindowscene: `@MainActor class UIWindowScene : UIScene`
@MainActor
open class UIWindowScene: UIScene {
    // .../uiwindowscene/windows: `var windows: [UIWindow] { get }`
    open var windows: [UIWindow] { fatalError("stand-in") }
}

// .../uiapplication: `@MainActor class UIApplication : UIResponder`
@MainActor
open class UIApplication: UIResponder {
    // .../uiapplication/shared: `class var shared: UIApplication { get }`
    open class var shared: UIApplication { fatalError("stand-in") }
    // .../uiapplication/connectedscenes: `var connectedScenes: Set<UIScene> { get }`
    open var connectedScenes: Set<UIScene> { fatalError("stand-in") }
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

// .../uiwindow: `@MainActor class UIWindow : UIView`
@MainActor
open class UIWindow: UIView {
    // .../uiwindow/iskeywindow: `var isKeyWindow: Bool { get }`
    open var isKeyWindow: Bool { fatalError("stand-in") }
    // .../uiwindow/rootviewcontroller: `var rootViewController: UIViewController? { get set }`
    open var rootViewController: UIViewController? { get { fatalError("stand-in") } set {} }
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
