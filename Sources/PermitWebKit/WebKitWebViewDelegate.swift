#if canImport(WebKit)
import Foundation
public import WebKit

/// What an app decides for its `WebKitWebView`: the navigation and UI delegate calls the host does not need for
/// itself are handed to it.
///
/// The host is the web view's `WKNavigationDelegate` and `WKUIDelegate`, because it must see every load, every
/// terminated process and every new-window request; an app that needs those calls gives the host this delegate
/// instead of replacing WebKit's. (WebKit's protocols are Objective-C protocols with optional methods; a Swift
/// package cannot forward the ones it does not implement, so the host forwards through this protocol, whose
/// methods all have the documented defaults.)
///
/// - ``webKitWebView(_:decidePolicyFor:)``: return a policy to decide a navigation yourself, or `nil` (the
///   default) for the host's `WebNavigationPolicy`.
/// - The JavaScript dialogs: by default `alert` is dismissed at once, `confirm` answers `false` and `prompt`
///   answers `null`, as `WKWebView` does without a UI delegate, so that a page never hangs on a dialog nobody
///   shows. Implement them to show the dialogs.
/// - A page's camera or microphone request (`getUserMedia`): by default WebKit's own prompt (`.prompt`).
/// - An authentication challenge: by default WebKit's own handling (`.performDefaultHandling`).
///
/// Calls neither the host nor this protocol names (downloads, say) get WebKit's defaults.
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
}
#endif
