package import Permit

/// Which notification authorization a request asks for, and whether that shows a prompt.
///
/// `UNUserNotificationCenter.requestAuthorization(options:)` with `.provisional` grants quiet delivery at once
/// and shows no prompt ("Asking permission to use notifications", Apple). Once provisional, asking again
/// *without* `.provisional` shows the real prompt; asking again with it changes nothing. So an app configured
/// for provisional asks provisionally only from not determined, and asks for the real authorization from
/// provisional; and a request that went from not determined to provisional showed no prompt, which
/// ``PermissionStatus/requestShowedPrompt(from:to:)`` records.
///
/// For example:
///
/// ```swift
/// NotificationRequestDecision.action(current: .notDetermined, provisionalConfigured: true)   // .askProvisional
/// NotificationRequestDecision.action(current: .provisional, provisionalConfigured: true)     // .askWithPrompt
/// ```
package enum NotificationRequestDecision {
    /// What a request asks for.
    package enum Action: Sendable, Equatable {
        /// Nothing: iOS would show nothing and change nothing.
        case none
        /// The app's options plus `.provisional`: quiet delivery, no prompt.
        case askProvisional
        /// The app's options without `.provisional`: the system prompt.
        case askWithPrompt
    }

    /// The request for a notification status `current`, for an app that does (`provisionalConfigured`) or does
    /// not ask for provisional authorization first.
    package static func action(current: PermissionStatus, provisionalConfigured: Bool) -> Action {
        switch current {
        case .notDetermined: provisionalConfigured ? .askProvisional : .askWithPrompt
        case .provisional: .askWithPrompt
        default: .none
        }
    }
}
