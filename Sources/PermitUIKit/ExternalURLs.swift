#if canImport(UIKit)
public import Foundation
import Permit
import UIKit
import PermitAdapterSupport

/// Opens a URL the web view hands out to the system: the `openExternally` of `WebKitWebView.Configuration`.
///
/// `WebNavigationPolicy` (in `PermitWeb`, tested on Linux) decides which navigations leave the web view; this
/// carries out `ExternalLinkPlan`'s attempts: a web link is first offered to the app it is a universal link of
/// (`UIApplication.OpenExternalURLOptionsKey.universalLinksOnly`), and opens in Safari when no app claims it;
/// `tel:`, `mailto:` and other schemes go to `UIApplication.open(_:options:)`, which asks the person before
/// calling or leaving the app.
///
/// For example:
///
/// ```swift
/// let host = WebKitWebView(
///     configuration: .init(allowedOrigins: [site], openExternally: { url in Task { await ExternalURLs.open(url) } }),
///     logger: logger)
/// ```
@MainActor
public enum ExternalURLs {
    /// Opens `url` outside the app and returns whether the system opened it.
    @discardableResult
    public static func open(_ url: URL) async -> Bool {
        for attempt in ExternalLinkPlan.attempts(for: url) {
            let options: [UIApplication.OpenExternalURLOptionsKey: Any] =
                switch attempt {
                case .universalLinkOnly: [.universalLinksOnly: true]
                case .anyHandler: [:]
                }
            if await UIApplication.shared.open(url, options: options) { return true }
        }
        return false
    }
}
#endif
