import Permit
import PermitWeb

/// Whether a failed navigation is one to tell the app about (to show an error page, say), from the error's
/// domain and code.
///
/// Two failures are not the page failing to load, and an app that showed an error page for them would show one
/// after every tapped `tel:` link:
///
/// - `NSURLErrorCancelled` (-999 in `NSURLErrorDomain`): the load was cancelled, usually because another
///   navigation started before it committed.
/// - "Frame load interrupted" (102 in `WebKitErrorDomain`): the navigation policy cancelled the load or turned
///   it into a download; the host cancels every link it hands to the system (`WebNavigationPolicy`'s
///   `openExternally`) and every navigation it refuses.
///
/// For example:
///
/// ```swift
/// WebNavigationFailure.isReported(domain: "NSURLErrorDomain", code: -1009)   // true: offline
/// WebNavigationFailure.isReported(domain: "WebKitErrorDomain", code: 102)    // false
/// ```
package enum WebNavigationFailure {
    /// Foundation's URL loading error domain.
    package static let urlErrorDomain = "NSURLErrorDomain"
    /// WebKit's own error domain.
    package static let webKitErrorDomain = "WebKitErrorDomain"

    /// Whether a navigation that failed with `domain` and `code` is reported to the app.
    package static func isReported(domain: String, code: Int) -> Bool {
        switch (domain, code) {
        case (urlErrorDomain, -999): false
        case (webKitErrorDomain, 102): false
        default: true
        }
    }
}
