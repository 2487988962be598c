/// The value of a permission cookie: `yes` when the permission is usable, `no` otherwise.
public enum PermissionCookieValue: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The permission is usable.
    case yes
    /// The permission is not usable: never asked, denied, restricted or unavailable.
    case no

    /// `"yes"` or `"no"`.
    public var description: String { rawValue }
}
