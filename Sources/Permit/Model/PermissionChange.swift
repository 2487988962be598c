public import Foundation

/// One change of a permission's status, with what caused Permit to see it and when.
///
/// A change whose ``previous`` is `nil` is the first observation of a kind: the first launch after install,
/// or the first launch after the app started tracking that kind.
///
/// For example:
///
/// ```swift
/// for await change in await center.changes() {
///     if change.cause == .launch, change.previous == .granted, change.current == .denied {
///         print("revoked in Settings while the app was not running")
///     }
/// }
/// ```
public struct PermissionChange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The permission that changed.
    public var kind: PermissionKind
    /// The status before the change, or `nil` when the kind had never been observed.
    public var previous: PermissionStatus?
    /// The status after the change.
    public var current: PermissionStatus
    /// What made Permit look at the OS and see the change.
    public var cause: ChangeCause
    /// When the change was seen.
    public var date: Date
    /// Whether this install had asked the OS to show the system prompt for the permission by the time of the
    /// change (``PermissionState/hasPrompted`` after it), so that a consumer can apply the change without
    /// reading the center again.
    public var hasPrompted: Bool
    /// The notification settings after the change, for ``PermissionKind/notifications`` read from an authority
    /// that reads them; `nil` otherwise.
    ///
    /// A change of these alone is a change: ``previous`` and ``current`` are then equal. Such a change is
    /// streamed, and not kept in the center's history.
    public var notificationDetails: NotificationDetails?
    /// The notification settings before the change, when known.
    public var previousNotificationDetails: NotificationDetails?

    /// Creates a change.
    public init(
        kind: PermissionKind, previous: PermissionStatus?, current: PermissionStatus, cause: ChangeCause, date: Date,
        hasPrompted: Bool = false, notificationDetails: NotificationDetails? = nil,
        previousNotificationDetails: NotificationDetails? = nil
    ) {
        self.notificationDetails = notificationDetails
        self.previousNotificationDetails = previousNotificationDetails
        self.kind = kind
        self.previous = previous
        self.current = current
        self.cause = cause
        self.date = date
        self.hasPrompted = hasPrompted
    }

    /// Decodes a change; one encoded before ``hasPrompted`` existed (Permit 1.0) reads as not prompted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try container.decode(PermissionKind.self, forKey: .kind),
            previous: try container.decodeIfPresent(PermissionStatus.self, forKey: .previous),
            current: try container.decode(PermissionStatus.self, forKey: .current),
            cause: try container.decode(ChangeCause.self, forKey: .cause),
            date: try container.decode(Date.self, forKey: .date),
            hasPrompted: try container.decodeIfPresent(Bool.self, forKey: .hasPrompted) ?? false,
            notificationDetails: try container.decodeIfPresent(NotificationDetails.self, forKey: .notificationDetails),
            previousNotificationDetails: try container.decodeIfPresent(
                NotificationDetails.self, forKey: .previousNotificationDetails))
    }

    /// The permission's state after the change, as the center recorded it.
    public var state: PermissionState {
        PermissionState(
            kind: kind, status: current, lastCheckedAt: date, hasPrompted: hasPrompted,
            notificationDetails: notificationDetails,
            askAgain: AskAgain(
                kind: kind, record: PermissionRecord(status: current, hasPrompted: hasPrompted, checkedAt: date),
                history: [self]))
    }

    /// Whether the cookie value changed (`no` to `yes` or back); a change between two statuses with the same
    /// cookie value, such as `notDetermined` to `denied`, is `false`.
    public var changesCookieValue: Bool { previous?.cookieValue != current.cookieValue }

    /// A one-line description, such as `location: granted -> denied (launch)`, or for a change of the
    /// notification settings alone `notifications: granted, settings alerts(banner) sounds -> all off (foreground)`.
    public var description: String {
        if previous == current, let notificationDetails {
            let before = previousNotificationDetails.map(\.description) ?? "unknown"
            return "\(kind): \(current), settings \(before) -> \(notificationDetails) (\(cause))"
        }
        return "\(kind): \(previous.map(\.rawValue) ?? "new") -> \(current) (\(cause))"
    }

    private enum CodingKeys: String, CodingKey {
        case kind, previous, current, cause, date, hasPrompted, notificationDetails, previousNotificationDetails
    }
}
