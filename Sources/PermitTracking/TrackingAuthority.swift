#if canImport(AppTrackingTransparency)
import AppTrackingTransparency
import Foundation
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/tracking``, over App Tracking Transparency.
///
/// | AppTrackingTransparency | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` (also when "Allow Apps to Request to Track" is off) |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// iOS shows the tracking prompt only while the app is active and no other alert is up: a request made before the
/// app becomes active (at launch, from `application(_:didFinishLaunchingWithOptions:)`) completes at once with
/// `notDetermined` and no prompt. ``request(_:)`` then returns `notDetermined`, which does not count as asked
/// (`PermissionStatus.requestShowedPrompt(from:to:)`), so the policy may ask again once the app is active; ask
/// from a feature the person uses. On iOS 17.4 the completion handler was reported to fire with `denied` while the
/// prompt was still on screen: the request reads the status again after the handler, and when it is still not
/// determined waits until the app becomes active (the alert is gone, at most two minutes) and reads it once more
/// (`TrackingRequestDecision`, tested on Linux). Any other kind is `unavailable`. Its Info.plist key is
/// `NSUserTrackingUsageDescription`.
///
/// For example:
///
/// ```swift
/// let tracking = TrackingAuthority()
/// let status = try await tracking.request(.tracking)
/// ```
public struct TrackingAuthority: PermissionAuthority {
    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.Tracking")) {
        purposeKeys = PurposeKeyCheck(kind: .tracking, logger: logger)
    }

    /// The tracking authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .tracking else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return Self.status(ATTrackingManager.trackingAuthorizationStatus)
    }

    /// Shows the system prompt when the status is `notDetermined` and the app is active, and returns the status
    /// after the answer: the status read again, not the one the completion handler reported.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .tracking else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        let current = await status(of: kind)
        guard SystemRequestGate.asksSystem(current: current) else { return current }
        // Observed before asking, so that an alert dismissed at once is not missed.
        let wait = PromptWait()
        let observer = NotificationCenter.default.addObserver(
            forName: Notification.Name(AppLifecycleNotification.didBecomeActive.rawValue), object: nil, queue: nil
        ) { _ in wait.appBecameActive() }
        defer { NotificationCenter.default.removeObserver(observer) }
        let reported = Self.status(await ATTrackingManager.requestTrackingAuthorization())
        switch TrackingRequestDecision.afterCompletion(reported: reported, reread: await status(of: kind)) {
        case .answer(let status):
            return status
        case .waitUntilActive:
            wait.appResignedActive()  // the prompt is on screen
            _ = await wait.finish()
            return await status(of: kind)
        }
    }

    static func status(_ authorization: ATTrackingManager.AuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .granted
        @unknown default: .unavailable
        }
    }
}
#endif
