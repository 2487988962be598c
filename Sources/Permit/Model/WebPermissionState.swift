/// A permission state as the W3C Permissions API names it.
package enum WebPermissionState: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Asking would show a prompt.
    case prompt
    /// Usable.
    case granted
    /// Not usable, and asking would not show a prompt.
    case denied

    /// The string a page sees, such as `"prompt"`.
    package var description: String { rawValue }
}
