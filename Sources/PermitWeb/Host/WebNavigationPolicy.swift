public import Foundation

/// Where a navigation the page starts goes: into the web view, out to the system, or nowhere. The `WKWebView`
/// host asks it for every navigation and new-window request the app's own delegates do not decide.
///
/// The defaults, which the host documents:
///
/// - `http` and `https`: into the web view when the origin is the app's (``siteOrigins``, or any when empty).
///   A link the person taps to another site opens in the system (Safari, or the app a universal link belongs
///   to): WebKit never hands a universal link to its app from inside a web view ("Supporting universal links
///   in your app", Apple: links open the app only from Safari and `UIApplication.open`). Subframes load what
///   they load.
/// - `about`, `data`, `blob`: into the web view (the page's own documents).
/// - Other schemes (`tel:`, `mailto:`, `sms:`, `facetime:`, `maps:`, App Store links): out to the system, which
///   asks before calling or opening another app, but only for a link the person tapped in the main frame; a
///   frame or a script that navigates there on its own is cancelled, so that no page dials by itself.
///   `WKWebView` does not hand these schemes to the system itself: without this, the navigation just fails.
/// - `javascript:` and `file:` navigations: cancelled.
/// - `window.open` and `target="_blank"` (a request for a new window, which `WKWebView` ignores without a UI
///   delegate): a tapped link to the app's own site loads in the web view itself; anything else follows the
///   rules above as if tapped in the main frame; a new window a script opens without a tap is ignored.
///
/// For example:
///
/// ```swift
/// let policy = WebNavigationPolicy(siteOrigins: [try WebOrigin("https://app.example.com")])
/// policy.decide(URL(string: "tel:+15551234")!, isMainFrame: true, isUserInitiated: true)   // .openExternally
/// ```
public struct WebNavigationPolicy: Sendable, Equatable {
    /// What to do with a navigation.
    public enum Decision: Sendable, Equatable {
        /// Let the web view load it.
        case allow
        /// Cancel it in the web view and hand the URL to the system (`UIApplication.open`).
        case openExternally
        /// Cancel it.
        case cancel
    }

    /// What to do with a request for a new window.
    public enum NewWindowDecision: Sendable, Equatable {
        /// Load the URL in the web view itself.
        case loadInPlace
        /// Hand the URL to the system.
        case openExternally
        /// Do nothing.
        case ignore
    }

    /// The app's own origins; empty counts every web origin as the app's.
    public var siteOrigins: Set<WebOrigin>

    /// Creates a policy for a site served from `siteOrigins`.
    public init(siteOrigins: Set<WebOrigin> = []) {
        self.siteOrigins = siteOrigins
    }

    private static let inPageSchemes: Set<String> = ["about", "data", "blob"]
    private static let refusedSchemes: Set<String> = ["javascript", "file"]

    /// The decision for a navigation to `url`, in the main frame or a subframe, started by a tap
    /// (`isUserInitiated`, `WKNavigationType.linkActivated`) or not.
    public func decide(_ url: URL, isMainFrame: Bool, isUserInitiated: Bool) -> Decision {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme == "http" || scheme == "https" {
            guard isMainFrame, isUserInitiated, !isSite(url) else { return .allow }
            return .openExternally
        }
        if Self.inPageSchemes.contains(scheme) { return .allow }
        if Self.refusedSchemes.contains(scheme) || scheme.isEmpty { return .cancel }
        return isMainFrame && isUserInitiated ? .openExternally : .cancel
    }

    /// The decision for a request for a new window showing `url` (`window.open`, `target="_blank"`).
    public func decideNewWindow(_ url: URL, isUserInitiated: Bool) -> NewWindowDecision {
        guard isUserInitiated else { return .ignore }
        let scheme = url.scheme?.lowercased() ?? ""
        if (scheme == "http" || scheme == "https") && isSite(url) { return .loadInPlace }
        switch decide(url, isMainFrame: true, isUserInitiated: true) {
        case .allow: return .loadInPlace
        case .openExternally: return .openExternally
        case .cancel: return .ignore
        }
    }

    /// Whether a navigation is decided as the main frame's: WebKit gives no target frame for one that opens a
    /// new window (`WKNavigationAction.targetFrame` is `nil`), which takes the place of the page.
    public static func isMainFrame(targetFrameIsMain: Bool?) -> Bool {
        targetFrameIsMain ?? true
    }

    /// Whether a request for a new window came from the person: a link they activated, or any `window.open`
    /// while the engine lets scripts open windows only during a user gesture. `WKWebView`'s default on iOS
    /// (`WKPreferences.javaScriptCanOpenWindowsAutomatically` is `false`) asks its UI delegate only for calls
    /// made while handling a tap, and those come with the navigation type `other`, not `linkActivated`.
    public static func newWindowIsUserInitiated(linkActivated: Bool, scriptsOpenWindowsAutomatically: Bool) -> Bool {
        linkActivated || !scriptsOpenWindowsAutomatically
    }

    private func isSite(_ url: URL) -> Bool {
        guard let origin = WebOrigin(url: url) else { return false }
        return siteOrigins.isEmpty || siteOrigins.contains(origin)
    }
}
