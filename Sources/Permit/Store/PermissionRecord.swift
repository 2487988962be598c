public import Foundation

/// The persisted record of one permission.
public struct PermissionRecord: Hashable, Sendable {
    /// The status last read from the OS.
    public var status: PermissionStatus
    /// Whether this install has ever shown the system prompt for the permission.
    public var hasPrompted: Bool
    /// When the status was read from the OS; `nil` for a record imported from a legacy `p_…` key.
    public var checkedAt: Date?
    /// Whether the record was imported from a legacy `p_…` key, which kept only `yes` or `no`.
    ///
    /// An imported `yes` reads as ``PermissionStatus/granted`` and an imported `no` as
    /// ``PermissionStatus/notDetermined``; Permit compares imported records by cookie value only, so that the
    /// first launch after the upgrade reports no change that did not happen.
    public var isImported: Bool
    /// When a request last left the permission not determined without showing a prompt (the app was not active,
    /// another alert was up), while it still is; `nil` otherwise. The prompt is still to come
    /// (``AskAgain/Reason/promptNotShown``).
    public var promptNotShownAt: Date?
    /// The person's notification settings, read with the status: for ``PermissionKind/notifications`` only, and
    /// only from an authority that reads them.
    public var notificationDetails: NotificationDetails?

    /// Creates a record.
    public init(
        status: PermissionStatus, hasPrompted: Bool, checkedAt: Date?, isImported: Bool = false,
        promptNotShownAt: Date? = nil, notificationDetails: NotificationDetails? = nil
    ) {
        self.notificationDetails = notificationDetails
        self.status = status
        self.hasPrompted = hasPrompted
        self.checkedAt = checkedAt
        self.isImported = isImported
        self.promptNotShownAt = promptNotShownAt
    }

    /// The record a legacy `yes`/`no` value imports as.
    public static func imported(_ value: PermissionCookieValue) -> PermissionRecord {
        PermissionRecord(
            status: value == .yes ? .granted : .notDetermined, hasPrompted: false, checkedAt: nil,
            isImported: true)
    }
}
