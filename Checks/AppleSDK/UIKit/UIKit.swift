// Stand-in for Apple's UIKit, for scripts/check-apple-adapters only: just the application, notification and
// haptics API that PermitUIKit uses, with the signatures of Apple's Swift interface, main-actor isolated as
// UIKit is. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/uikit/.

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

    // .../uiapplication/openexternalurloptionskey: `struct OpenExternalURLOptionsKey : Hashable, RawRepresentable`
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    // .../uiapplication/open(_:options:completionhandler:), imported for Swift concurrency as
    // `func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey : Any] = [:]) async -> Bool`
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        fatalError("stand-in")
    }
}

// .../uifeedbackgenerator: `@MainActor class UIFeedbackGenerator : NSObject`
@MainActor
open class UIFeedbackGenerator: NSObject {}

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
