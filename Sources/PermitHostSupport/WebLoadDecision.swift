package import Foundation
import Permit
import PermitWeb

/// How a web view host waits for a load: a load that changes only the fragment never finishes.
///
/// `WKWebView.load(_:)` of a URL that differs from the current one only in its fragment is a same-document
/// navigation: WebKit scrolls, fires `hashchange`, and calls neither `didFinish` nor `didFail` for the
/// `WKNavigation` it returned (reported against WebKit, and what every hybrid app that waits on `didFinish`
/// finds). The host then completes the load at once instead of waiting.
///
/// For example:
///
/// ```swift
/// WebLoadDecision.isSameDocument(from: URL(string: "https://a.example/p")!, to: URL(string: "https://a.example/p#top")!)   // true
/// ```
package enum WebLoadDecision {
    /// Whether loading `target` while `current` is shown only moves to a fragment of the same document.
    package static func isSameDocument(from current: URL?, to target: URL) -> Bool {
        guard let current, target.fragment != nil else { return false }
        return withoutFragment(current) == withoutFragment(target)
    }

    private static func withoutFragment(_ url: URL) -> String {
        let text = url.absoluteString
        return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }
}
