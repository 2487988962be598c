import Permit
import PermitAdapterSupport
import Testing

/// What the Apple adapters do with each application notification, modelled on UIKit's and AppKit's documented
/// behaviour:
///
/// - The app moves from active to inactive "for certain types of temporary interruptions (such as an incoming
///   phone call or SMS message)" without leaving the foreground (Apple, "applicationWillResignActive(_:)", whose
///   notification is `willResignActiveNotification`); a system alert such as the permission prompt is one, which
///   is how `PromptWait` sees a prompt; `didBecomeActiveNotification` follows when the interruption ends.
/// - `didEnterBackgroundNotification` and `willEnterForegroundNotification` bracket the time in the background,
///   where WebKit's web content process may be terminated and must not be reloaded (Apple, "Preparing your UI to
///   run in the background").
/// - AppKit posts `NSApplication.willResignActiveNotification` and `didBecomeActiveNotification` around a
///   system prompt on macOS; a Mac app has no background state of UIKit's kind.
/// - The notification names' values are the Objective-C constants' names (`UIApplicationDidBecomeActiveNotification`).
@Suite struct AppLifecycleNotificationTests {
    @Test func theCenterHearsBackgroundForegroundAndActiveButNotResignActive() {
        let events = AppLifecycleNotification.allCases.compactMap(\.lifecycleEvent)
        #expect(Set(events) == Set(LifecycleEvent.allCases))
        #expect(events.count == LifecycleEvent.allCases.count, "each event from one notification")
        #expect(AppLifecycleNotification.willResignActive.lifecycleEvent == nil, "a prompt on screen is not a return")
    }

    @Test func aWaitingRequestSeesThePromptByResignAndActiveOnBothPlatforms() {
        #expect(AppLifecycleNotification.willResignActive.promptSignal == .resignedActive)
        #expect(AppLifecycleNotification.macWillResignActive.promptSignal == .resignedActive)
        #expect(AppLifecycleNotification.didBecomeActive.promptSignal == .becameActive)
        #expect(AppLifecycleNotification.macDidBecomeActive.promptSignal == .becameActive)
        #expect(AppLifecycleNotification.didEnterBackground.promptSignal == nil)
        #expect(AppLifecycleNotification.willEnterForeground.promptSignal == nil)
    }

    @Test func onlyUIKitsBackgroundAndForegroundMoveTheWebViewsForegroundState() {
        let moving = AppLifecycleNotification.allCases.filter { $0.isForeground != nil }
        #expect(Set(moving) == [.didEnterBackground, .willEnterForeground])
        #expect(AppLifecycleNotification.didEnterBackground.isForeground == false)
        #expect(AppLifecycleNotification.willEnterForeground.isForeground == true)
        #expect(AppLifecycleNotification.willResignActive.isForeground == nil, "a prompt keeps the app in front")
    }

    @Test func theNamesAreTheFrameworksConstants() {
        #expect(AppLifecycleNotification.didEnterBackground.rawValue == "UIApplicationDidEnterBackgroundNotification")
        #expect(AppLifecycleNotification.willEnterForeground.rawValue == "UIApplicationWillEnterForegroundNotification")
        #expect(AppLifecycleNotification.didBecomeActive.rawValue == "UIApplicationDidBecomeActiveNotification")
        #expect(AppLifecycleNotification.willResignActive.rawValue == "UIApplicationWillResignActiveNotification")
        #expect(AppLifecycleNotification.macDidBecomeActive.rawValue == "NSApplicationDidBecomeActiveNotification")
        #expect(AppLifecycleNotification.macWillResignActive.rawValue == "NSApplicationWillResignActiveNotification")
    }
}
