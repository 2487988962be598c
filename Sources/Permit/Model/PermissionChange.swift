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

    /// Creates a change.
    public init(
        kind: PermissionKind, previous: PermissionStatus?, current: PermissionStatus, cause: ChangeCause, date: Date
    ) {
        self.kind = kind
        self.previous = previous
        self.current = current
        self.cause = cause
        self.date = date
    }

    /// Whether the cookie value changed (`no` to `yes` or back); a change between two statuses with the same
    /// cookie value, such as `notDetermined` to `denied`, is `false`.
    public var changesCookieValue: Bool { previous?.cookieValue != current.cookieValue }

    /// A one-line description, such as `location: granted -> denied (launch)`.
    public var description: String {
        "\(kind): \(previous.map(\.rawValue) ?? "new") -> \(current) (\(cause))"
    }
}

/// What made Permit read a permission's status from the OS.
///
/// Causes are an extensible set of names; the static members are the ones Permit itself records.
public struct ChangeCause: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The cause's name, such as `"launch"`.
    public let rawValue: String

    /// Creates a cause from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The check at launch, comparing the OS with the persisted snapshot.
    public static let launch = ChangeCause(rawValue: "launch")
    /// A re-check when the app came back to the foreground or became active.
    public static let foreground = ChangeCause(rawValue: "foreground")
    /// The answer to a permission request.
    public static let request = ChangeCause(rawValue: "request")
    /// A change the OS reported while the app was running, such as a location authorization callback.
    public static let osCallback = ChangeCause(rawValue: "osCallback")
    /// A refresh the app asked for.
    public static let manual = ChangeCause(rawValue: "manual")

    /// The cause's name.
    public var description: String { rawValue }

    /// Decodes a cause from its name.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the cause as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
