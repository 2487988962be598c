package import Permit

/// What App Tracking Transparency's request answered, from the status its completion handler reported and the
/// status read again right after: the tracking adapter (`PermitTracking`) trusts neither alone.
///
/// - iOS shows the tracking prompt only while the app is active and no other alert is up; otherwise the request
///   completes at once with `notDetermined` (Apple, "requestTrackingAuthorization(completionHandler:)": "The
///   system displays the prompt only when the app state is active"). No prompt was shown, so the answer is
///   `notDetermined` and the kind does not count as asked (``PermissionStatus/requestShowedPrompt(from:to:)``).
/// - On iOS 17.4 the completion handler was reported to fire at once with `denied` while the prompt was still on
///   screen (Apple Developer Forums, "ATTrackingManager.requestTrackingAuthorization stopped working in iOS 17.4").
///   The status read again is then still `notDetermined`: the adapter waits until the app becomes active again
///   (the alert is gone) and reads the status once more.
/// - Otherwise the status read again is the answer.
///
/// For example:
///
/// ```swift
/// TrackingRequestDecision.afterCompletion(reported: .denied, reread: .notDetermined)   // .waitUntilActive
/// ```
package enum TrackingRequestDecision {
    /// What the adapter does once the completion handler ran.
    package enum Action: Sendable, Equatable {
        /// Return this status.
        case answer(PermissionStatus)
        /// The prompt is most likely still on screen: wait until the app becomes active, then read the status.
        case waitUntilActive
    }

    /// The action for the status the completion handler `reported` and the one read again (`reread`).
    package static func afterCompletion(reported: PermissionStatus, reread: PermissionStatus) -> Action {
        guard reread == .notDetermined else { return .answer(reread) }
        return reported == .notDetermined ? .answer(.notDetermined) : .waitUntilActive
    }
}
