/// The operating system's side of permissions: what each permission's status is now, and the system prompt.
///
/// Permit reaches the OS only through this seam. On iOS an adapter module implements it over the system
/// framework of each permission (CoreLocation, AVFoundation, UserNotifications, ...); in tests, the demo and
/// on Linux, `SimulatedDevice` from `PermitTesting` implements it.
///
/// ## Implementation requirements
///
/// - ``status(of:)`` returns the current status without side effects and without showing any UI. It is
///   called often (at launch, on every foreground, before and after requests) and should be cheap. A kind the
///   implementation does not handle, or that does not exist on this device, is ``PermissionStatus/unavailable``.
/// - ``request(_:)`` shows the system prompt when the OS would show one (the status is
///   ``PermissionStatus/notDetermined``) and returns the status after the user answered. When the OS would
///   not prompt, it returns the current status at once. It throws only when the OS reports an error; Permit
///   never calls it twice at once for one kind.
/// - ``observeChanges(_:)`` is optional. An implementation whose OS reports changes while the app runs (the
///   location authorization callback) calls the handler with the kind that may have changed, from any
///   thread; Permit then reads the status again with ``status(of:)``. The default implementation reports
///   nothing.
/// - ``notificationDetails()`` is optional: an implementation that handles ``PermissionKind/notifications``
///   returns the person's notification settings (``NotificationDetails``), read without showing any UI; Permit
///   reads them with every refresh of notifications. The default implementation returns `nil` (none known).
/// - ``requestTemporaryFullAccuracy(purposeKey:)`` is optional. An implementation for location asks for
///   precise locations when the person allowed approximate location only (``PermissionStatus/approximate``),
///   with the text of `purposeKey`'s entry in `NSLocationTemporaryUsageDescriptionDictionary`, and returns the
///   status of ``PermissionKind/location`` afterwards. A missing entry must not crash: nothing is asked and the
///   status is returned. The default implementation asks nothing and returns the current status, so an
///   authority that wraps another must forward it (as ``RoutedPermissionAuthority`` does).
///
/// For example, a minimal authority for a kind that is always granted:
///
/// ```swift
/// struct AlwaysGranted: PermissionAuthority {
///     func status(of kind: PermissionKind) async -> PermissionStatus { .granted }
///     func request(_ kind: PermissionKind) async throws -> PermissionStatus { .granted }
/// }
/// ```
public protocol PermissionAuthority: Sendable {
    /// The current status of `kind`, read without showing any UI.
    func status(of kind: PermissionKind) async -> PermissionStatus

    /// The current statuses of `kinds`, read without showing any UI.
    ///
    /// The default implementation calls ``status(of:)`` for each kind; an implementation that can answer
    /// for many kinds at once more cheaply overrides it.
    func statuses(of kinds: [PermissionKind]) async -> [PermissionKind: PermissionStatus]

    /// Asks the OS for `kind`, showing the system prompt if the OS would, and returns the resulting status.
    func request(_ kind: PermissionKind) async throws -> PermissionStatus

    /// Installs the handler the OS adapter calls when a permission may have changed while the app runs.
    ///
    /// Calling it again replaces the handler; passing `nil` removes it.
    func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async

    /// The person's notification settings, read without showing any UI, or `nil` when this authority does not
    /// handle notifications.
    func notificationDetails() async -> NotificationDetails?

    /// Asks for precise location until the app is next launched, when location is ``PermissionStatus/approximate``,
    /// and returns the status of ``PermissionKind/location`` afterwards.
    func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus
}

extension PermissionAuthority {
    /// Reads each kind's status with ``status(of:)``, one after another.
    public func statuses(of kinds: [PermissionKind]) async -> [PermissionKind: PermissionStatus] {
        var result: [PermissionKind: PermissionStatus] = [:]
        for kind in kinds { result[kind] = await status(of: kind) }
        return result
    }

    /// Reports no changes: the default for authorities whose OS has no change callbacks.
    public func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {}

    /// Knows no notification settings: the default for authorities that do not handle notifications.
    public func notificationDetails() async -> NotificationDetails? { nil }

    /// Asks nothing and returns the status of ``PermissionKind/location``: the default for authorities that
    /// cannot upgrade accuracy.
    public func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus {
        await status(of: .location)
    }
}
