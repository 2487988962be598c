package import Foundation
import Permit
import PermitWeb

/// The page a host loads again after its web content process terminated: the last page the app loaded or the
/// main frame committed, as long as it is a web page.
///
/// After the web content process ends, `WKWebView` stays blank until the app loads a page again. So the host
/// remembers the page itself: every URL the app loads, and every main
/// frame commit of an `http` or `https` page (a link the person followed); a commit of `about:blank`, a `data:`
/// or `blob:` document is not a page to come back to and leaves the remembered one. With nothing remembered, the
/// host asks the engine to reload.
///
/// For example:
///
/// ```swift
/// var page = WebRecoveryPage()
/// page.committed(URL(string: "https://app.example.com/orders")!)
/// page.committed(URL(string: "about:blank")!)
/// page.recovery   // .load(https://app.example.com/orders)
/// ```
package struct WebRecoveryPage: Hashable, Sendable {
    /// How to bring the page back.
    package enum Recovery: Hashable, Sendable {
        /// Load this URL.
        case load(URL)
        /// Ask the engine to reload.
        case reload
    }

    /// The page remembered, if any.
    package private(set) var url: URL?

    /// Creates a memory with no page.
    package init() {}

    /// The app asked to load `url`.
    package mutating func loadRequested(_ url: URL) {
        self.url = url
    }

    /// The main frame committed a navigation to `url`.
    package mutating func committed(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return }
        self.url = url
    }

    /// How to bring the page back after a termination.
    package var recovery: Recovery {
        url.map(Recovery.load) ?? .reload
    }
}
