package import Foundation
import Permit

/// How a link that leaves the web view is opened: the attempts, in order, until one opens it.
///
/// A web link (`http`, `https`) may be a universal link, which belongs to an installed app: it is first offered
/// with "universal links only", which opens it in that app or fails when no app claims it (Apple,
/// `UIApplication.OpenExternalURLOptionsKey.universalLinksOnly`), and only then opened as usual, in Safari. Any
/// other scheme (`tel:`, `mailto:`, another app's) is opened as usual at once.
///
/// `ExternalURLs` in `PermitUIKit` makes the attempts with `UIApplication.open(_:options:)`.
///
/// For example:
///
/// ```swift
/// ExternalLinkPlan.attempts(for: URL(string: "https://maps.example.com/place")!)   // [.universalLinkOnly, .anyHandler]
/// ```
package enum ExternalLinkPlan: Hashable, Sendable {
    /// Open only in an app that claims the URL as a universal link.
    case universalLinkOnly
    /// Open with the system's handler for the URL (Safari for a web link).
    case anyHandler

    /// The attempts for `url`, in order.
    package static func attempts(for url: URL) -> [ExternalLinkPlan] {
        switch url.scheme?.lowercased() {
        case "http", "https": [.universalLinkOnly, .anyHandler]
        default: [.anyHandler]
        }
    }
}
