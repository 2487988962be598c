package import Permit

/// The application notifications Permit's Apple adapters observe, by name, and what each one means to them.
///
/// The names are UIKit's and AppKit's notification names by value (`UIApplication.didBecomeActiveNotification`
/// is the name `UIApplicationDidBecomeActiveNotification`), so that an adapter that must not link UIKit
/// (`PermitLocation`, `PermitWebKit`) can observe them. Three consumers read them:
///
/// - ``lifecycleEvent``: the ``LifecycleEvent`` that ``PermissionCenter/handle(_:)`` receives (`LifecycleObserver`
///   in `PermitUIKit`): entering the background, coming back, becoming active. Resigning active is not one: a
///   system alert, the permission prompt included, makes the app resign active without leaving it.
/// - ``promptSignal``: what a `PromptWait` hears (`LocationAuthority`): resigning active is how a shown prompt
///   is seen, becoming active again how its end is seen, on iOS and macOS.
/// - ``isForeground``: whether the app is in the foreground afterwards, for the web view's restart policy
///   (`WebKitWebView`): only UIKit's background and foreground notifications change it; a Mac app counts as
///   always in the foreground.
///
/// For example:
///
/// ```swift
/// for notification in AppLifecycleNotification.allCases where notification.promptSignal != nil {
///     observe(Notification.Name(notification.rawValue))
/// }
/// ```
package enum AppLifecycleNotification: String, Hashable, Sendable, CaseIterable {
    /// `UIApplication.didEnterBackgroundNotification`.
    case didEnterBackground = "UIApplicationDidEnterBackgroundNotification"
    /// `UIApplication.willEnterForegroundNotification`.
    case willEnterForeground = "UIApplicationWillEnterForegroundNotification"
    /// `UIApplication.didBecomeActiveNotification`.
    case didBecomeActive = "UIApplicationDidBecomeActiveNotification"
    /// `UIApplication.willResignActiveNotification`.
    case willResignActive = "UIApplicationWillResignActiveNotification"
    /// `NSApplication.didBecomeActiveNotification` (macOS).
    case macDidBecomeActive = "NSApplicationDidBecomeActiveNotification"
    /// `NSApplication.willResignActiveNotification` (macOS).
    case macWillResignActive = "NSApplicationWillResignActiveNotification"

    /// What a `PromptWait` hears from a notification.
    package enum PromptSignal: Hashable, Sendable {
        /// The app resigned active: a prompt may be on screen.
        case resignedActive
        /// The app became active: a prompt, if one was shown, is gone.
        case becameActive
    }

    /// The event the permission center receives, or `nil` for a notification it does not need.
    package var lifecycleEvent: LifecycleEvent? {
        switch self {
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .didBecomeActive: .didBecomeActive
        case .willResignActive, .macDidBecomeActive, .macWillResignActive: nil
        }
    }

    /// What a waiting permission request hears, or `nil` for a notification that says nothing about a prompt.
    package var promptSignal: PromptSignal? {
        switch self {
        case .willResignActive, .macWillResignActive: .resignedActive
        case .didBecomeActive, .macDidBecomeActive: .becameActive
        case .didEnterBackground, .willEnterForeground: nil
        }
    }

    /// Whether the app is in the foreground after the notification, or `nil` when it does not change that.
    package var isForeground: Bool? {
        switch self {
        case .didEnterBackground: false
        case .willEnterForeground: true
        case .didBecomeActive, .willResignActive, .macDidBecomeActive, .macWillResignActive: nil
        }
    }
}
