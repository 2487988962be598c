public import Foundation

/// What Permit knows about one permission: its status, when it was last checked, and whether this install
/// has ever shown the system prompt for it.
///
/// For example:
///
/// ```swift
/// if let state = await center.state(for: .camera), state.isUsable {
///     openCamera()
/// }
/// ```
public struct PermissionState: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The permission this state describes.
    public var kind: PermissionKind
    /// The raw status the OS reported.
    public var status: PermissionStatus
    /// When the status was last read from the OS. Every public reader of ``PermissionCenter`` starts the
    /// center first, so the states it returns have all been read at least once.
    public var lastCheckedAt: Date
    /// Whether this install has ever asked the OS to show the system prompt for this permission.
    public var hasPrompted: Bool
    /// Whether asking again would show a system prompt, and what that rests on: the status, or this install's
    /// history (``AskAgain``).
    public var askAgain: AskAgain
    /// The person's notification settings, for ``PermissionKind/notifications`` when the OS adapter reads them.
    public var notificationDetails: NotificationDetails?

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - kind: The permission.
    ///   - status: The raw status the OS reported.
    ///   - lastCheckedAt: When the status was read.
    ///   - hasPrompted: Whether this install has shown the system prompt for it.
    ///   - notificationDetails: The notification settings, for notifications.
    ///   - askAgain: Whether a request would prompt; by default, what the status and `hasPrompted` tell with no
    ///     history (``AskAgain/init(kind:record:history:)``).
    public init(
        kind: PermissionKind, status: PermissionStatus, lastCheckedAt: Date, hasPrompted: Bool = false,
        notificationDetails: NotificationDetails? = nil, askAgain: AskAgain? = nil
    ) {
        self.notificationDetails = notificationDetails
        self.kind = kind
        self.status = status
        self.lastCheckedAt = lastCheckedAt
        self.hasPrompted = hasPrompted
        self.askAgain = askAgain ?? AskAgain(
            kind: kind, record: PermissionRecord(status: status, hasPrompted: hasPrompted, checkedAt: lastCheckedAt),
            history: [])
    }

    /// Decodes a state; one encoded before ``askAgain`` existed gets the answer its status tells.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try container.decode(PermissionKind.self, forKey: .kind),
            status: try container.decode(PermissionStatus.self, forKey: .status),
            lastCheckedAt: try container.decode(Date.self, forKey: .lastCheckedAt),
            hasPrompted: try container.decode(Bool.self, forKey: .hasPrompted),
            notificationDetails: try container.decodeIfPresent(NotificationDetails.self, forKey: .notificationDetails),
            askAgain: try container.decodeIfPresent(AskAgain.self, forKey: .askAgain))
    }

    /// Whether a request would show the person a system prompt (``AskAgain/canAskAgain``); when it would not and
    /// the permission is not usable, the way left is Settings.
    public var canAskAgain: Bool { askAgain.canAskAgain }

    /// Whether the permission is usable: granted, limited or provisional (``PermissionStatus/isUsable``).
    public var isUsable: Bool { status.isUsable }

    /// The same as ``isUsable``, under the name of a common state model: `true` for
    /// granted, limited and provisional alike. Compare ``status`` with ``PermissionStatus/granted`` to tell
    /// full access from partial.
    public var isGranted: Bool { status.isUsable }

    /// The `yes`/`no` value of the permission's cookie.
    public var cookieValue: PermissionCookieValue { status.cookieValue }

    /// A one-line description, such as `camera: granted (prompted)`.
    public var description: String {
        "\(kind): \(status)" + (hasPrompted ? " (prompted)" : "")
    }

    private enum CodingKeys: String, CodingKey {
        case kind, status, lastCheckedAt, hasPrompted, askAgain, notificationDetails
    }
}
