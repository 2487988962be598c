#if canImport(WebKit)
import Foundation
public import WebKit
import PermitHostSupport

/// What an app decides for the `WKWebView` calls its `WebKitWebView` answers itself.
///
/// The host's proxies are the web view's `WKNavigationDelegate` and `WKUIDelegate`, because the host must see
/// every load, every terminated process and every new-window request. Every method the host does not implement
/// goes to the app's own `WKNavigationDelegate` and `WKUIDelegate` (``WebKitWebView/navigationDelegate`` and
/// ``WebKitWebView/uiDelegate``), through Objective-C message forwarding. For the methods the host implements,
/// the host wins and the app's WebKit delegates are not called; this protocol is how the app takes part in them
/// (its methods all have the documented defaults):
///
/// - ``webKitWebView(_:decidePolicyFor:)``: return a policy to decide a navigation yourself, or `nil` (the
///   default) for the host's `WebNavigationPolicy`.
/// - The JavaScript dialogs: by default `alert` is dismissed at once, `confirm` answers `false` and `prompt`
///   answers `null`, as `WKWebView` does without a UI delegate, so that a page never hangs on a dialog nobody
///   shows. Implement them to show the dialogs.
/// - A camera or microphone request (`getUserMedia`) from a page the bridge does not serve: by default WebKit's
///   own prompt (`.prompt`).
/// - An authentication challenge: by default WebKit's own handling (`.performDefaultHandling`).
/// - A navigation that failed, before or after it was committed (to show an error page, say), but not one that
///   was only cancelled (`WebNavigationFailure`): by default nothing.
///
/// Commits, finished loads and terminations are the host's ``WebKitWebView/events()``.
///
/// For example, showing `alert` from a view controller:
///
/// ```swift
/// extension WebViewController: WebKitWebViewDelegate {
///     func webKitWebView(_ host: WebKitWebView, runAlert message: String, from frame: WKFrameInfo) async {
///         await presentAlert(message)
///     }
/// }
/// ```
@MainActor
public protocol WebKitWebViewDelegate: AnyObject {
    /// The policy for a navigation, or `nil` to let the host decide.
    func webKitWebView(_ host: WebKitWebView, decidePolicyFor action: WKNavigationAction) -> WKNavigationActionPolicy?
    /// Shows the page's `alert(message)`; returns once the person dismissed it.
    func webKitWebView(_ host: WebKitWebView, runAlert message: String, from frame: WKFrameInfo) async
    /// Shows the page's `confirm(message)` and returns the person's answer.
    func webKitWebView(_ host: WebKitWebView, runConfirm message: String, from frame: WKFrameInfo) async -> Bool
    /// Shows the page's `prompt(message, defaultText)` and returns the text entered, or `nil` when cancelled.
    func webKitWebView(
        _ host: WebKitWebView, runPrompt message: String, defaultText: String?, from frame: WKFrameInfo
    ) async -> String?
    /// Decides a page's request for the camera or microphone.
    func webKitWebView(
        _ host: WebKitWebView, decideMediaCapturePermissionFor origin: WKSecurityOrigin, from frame: WKFrameInfo,
        type: WKMediaCaptureType
    ) async -> WKPermissionDecision
    /// Answers an authentication challenge of a navigation.
    func webKitWebView(
        _ host: WebKitWebView, didReceive challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)
    /// Hears that a navigation failed, before or after it was committed (WebKit's `didFail` and
    /// `didFailProvisionalNavigation`); a cancelled load, or one the navigation policy cancelled, is not reported.
    func webKitWebView(_ host: WebKitWebView, didFailNavigationWithError error: any Error)
}

extension WebKitWebViewDelegate {
    /// `nil`: the host's `WebNavigationPolicy` decides.
    public func webKitWebView(
        _ host: WebKitWebView, decidePolicyFor action: WKNavigationAction
    ) -> WKNavigationActionPolicy? { nil }
    /// Dismisses the alert at once.
    public func webKitWebView(_ host: WebKitWebView, runAlert message: String, from frame: WKFrameInfo) async {}
    /// Answers `false`.
    public func webKitWebView(
        _ host: WebKitWebView, runConfirm message: String, from frame: WKFrameInfo
    ) async -> Bool { false }
    /// Answers `nil` (the page's `prompt` returns `null`).
    public func webKitWebView(
        _ host: WebKitWebView, runPrompt message: String, defaultText: String?, from frame: WKFrameInfo
    ) async -> String? { nil }
    /// `.prompt`: WebKit asks the person.
    public func webKitWebView(
        _ host: WebKitWebView, decideMediaCapturePermissionFor origin: WKSecurityOrigin, from frame: WKFrameInfo,
        type: WKMediaCaptureType
    ) async -> WKPermissionDecision { .prompt }
    /// `.performDefaultHandling`, no credential.
    public func webKitWebView(
        _ host: WebKitWebView, didReceive challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) { (.performDefaultHandling, nil) }
    /// Does nothing.
    public func webKitWebView(_ host: WebKitWebView, didFailNavigationWithError error: any Error) {}
}
#endif
