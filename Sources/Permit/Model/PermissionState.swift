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

    /// Creates a state.
    public init(kind: PermissionKind, status: PermissionStatus, lastCheckedAt: Date, hasPrompted: Bool = false) {
        self.kind = kind
        self.status = status
        self.lastCheckedAt = lastCheckedAt
        self.hasPrompted = hasPrompted
    }

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
}
