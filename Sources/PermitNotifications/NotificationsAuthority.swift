#if canImport(UserNotifications)
public import Permit
public import UserNotifications
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/notifications``, over `UNUserNotificationCenter`, including
/// provisional (quiet) authorization.
///
/// It translates `UNNotificationSettings.authorizationStatus`:
///
/// | UserNotifications | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
/// | `provisional` | `provisional` |
/// | `ephemeral` (App Clips) | `ephemeral` |
///
/// Any other kind is `unavailable`. With `provisional: true`, the first request (from `notDetermined`) asks for
/// provisional authorization: iOS shows no prompt and delivers quietly to the Notification Center, and the status
/// becomes `provisional`. A later request, from `provisional`, asks without `.provisional` and shows the real
/// prompt. `NotificationRequestDecision` makes that choice, and the center does not count the silent request as
/// a prompt shown (`PermissionStatus.requestShowedPrompt(from:to:)`); both are tested on Linux. Notifications
/// need no Info.plist purpose string. ``details()`` reads the settings that change what a granted authorization
/// delivers (Permit's `NotificationDetails`: alerts, sounds, badges, the lock screen, Notification Center,
/// critical alerts, time-sensitive delivery, the scheduled summary), and the center reads them with every refresh.
///
/// For example:
///
/// ```swift
/// let notifications = NotificationsAuthority(options: [.alert, .badge, .sound], provisional: true)
/// ```
public struct NotificationsAuthority: PermissionAuthority {
    /// What ``request(_:)`` asks for, without `.provisional`.
    public let options: UNAuthorizationOptions
    /// Whether the first request asks for provisional authorization.
    public let asksProvisionallyFirst: Bool

    /// Creates the authority.
    ///
    /// - Parameters:
    ///   - options: The kinds of interaction to ask for.
    ///   - provisional: Whether the first request asks for provisional authorization (no prompt, quiet
    ///     delivery); the next one shows the prompt.
    public init(options: UNAuthorizationOptions = [.alert, .badge, .sound], provisional: Bool = false) {
        self.options = options.subtracting(.provisional)
        self.asksProvisionallyFirst = provisional || options.contains(.provisional)
    }

    /// The notification authorization, read from the current notification settings.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .notifications else { return .unavailable }
        let settings = await UNUserNotificationCenter.current().notificationSettings()
        return Self.status(settings.authorizationStatus)
    }

    /// Asks for what `NotificationRequestDecision` decides (provisional from `notDetermined` when configured,
    /// the prompt from `notDetermined` or `provisional`), and returns the status after the answer.
    ///
    /// - Throws: The error UserNotifications reports.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .notifications else { return .unavailable }
        let current = await status(of: kind)
        switch NotificationRequestDecision.action(current: current, provisionalConfigured: asksProvisionallyFirst) {
        case .none:
            return current
        case .askProvisional:
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: options.union(.provisional))
        case .askWithPrompt:
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: options)
        }
        return await status(of: kind)
    }

    /// The notification settings that matter to an app beside its authorization, read without prompting.
    public func details() async -> NotificationDetails {
        NotificationDetails(await UNUserNotificationCenter.current().notificationSettings())
    }

    /// The same as ``details()``: what the ``PermissionCenter`` reads with every refresh of notifications.
    public func notificationDetails() async -> NotificationDetails? {
        await details()
    }

    // MARK: - Translation

    static func status(_ authorization: UNAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .authorized: return .granted
        case .provisional: return .provisional
        default:
            // `ephemeral` (App Clips) is named on iOS only; its raw value is 4. Later cases are not known.
            return authorization.rawValue == 4 ? .ephemeral : .unavailable
        }
    }
}

/// The former name of ``NotificationsAuthority``, kept so that apps written against Permit 1.0 compile.
@available(*, deprecated, renamed: "NotificationsAuthority")
public typealias NotificationAuthority = NotificationsAuthority
#endif
