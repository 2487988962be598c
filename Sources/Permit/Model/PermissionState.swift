public import Foundation

/// What Permit knows about one permission: its status, when it was last checked, and whether this install
/// has ever shown the system prompt for it.
///
/// For example:
///
/// ```swift
/// let state = await center.state(for: .camera)
/// if state.isGranted { openCamera() }
/// ```
public struct PermissionState: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The permission this state describes.
    public var kind: PermissionKind
    /// The raw status the OS reported.
    public var status: PermissionStatus
    /// When the status was last read from the OS.
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

    /// Whether the permission is usable (granted, limited or provisional).
    public var isGranted: Bool { status.isUsable }

    /// The `yes`/`no` value of the permission's cookie.
    public var cookieValue: PermissionCookieValue { status.cookieValue }

    /// A one-line description, such as `camera: granted (prompted)`.
    public var description: String {
        "\(kind): \(status)" + (hasPrompted ? " (prompted)" : "")
    }
}
