/// A permission's state as an installation reports it.
///
/// The `p_…` cookies say only `yes` or `no`: `yes` is ``granted``, and `no` is ``notUsable``, since a
/// cookie cannot tell a permission never asked from one denied. The native endpoint reports the three states
/// the app knows: ``granted``, ``denied`` and ``notDetermined``.
package enum ReportedState: String, Sendable, Hashable, Codable, CaseIterable {
    /// The person allowed it.
    case granted
    /// The person refused it.
    case denied
    /// Never asked.
    case notDetermined
    /// Not usable, for a reason a cookie does not tell: never asked, denied or restricted (a cookie's `no`).
    case notUsable

    /// The state a `p_…` cookie's value stands for, or `nil` for a value other than `yes` and `no`.
    package init?(cookieValue: String) {
        switch cookieValue {
        case "yes": self = .granted
        case "no": self = .notUsable
        default: return nil
        }
    }
}
