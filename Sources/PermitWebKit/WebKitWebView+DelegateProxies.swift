#if canImport(WebKit)
import Foundation
import Permit
import PermitWeb
import WebKit
import PermitHostSupport

// MARK: - Forwarding to the app's delegates

/// The object set as one of the web view's delegates: it answers the methods its subclass implements for the
/// host and forwards every other method to the app's own delegate of that kind, as `DelegateForwarding` decides.
///
/// WebKit asks `responds(to:)` for each optional method when the delegate is set; this answers yes for what the
/// proxy implements and for what the app's delegate implements, so a method neither implements keeps WebKit's
/// exact default. The Objective-C runtime sends a method the proxy does not implement to
/// `forwardingTarget(for:)`, which names the app's delegate.
@MainActor
class WebKitDelegateProxy: NSObject {
    /// The host this proxy answers for; the host owns the proxy.
    weak var host: WebKitWebView?
    /// The app's delegate of this proxy's kind. Written on the main actor only; WebKit reads it through
    /// `responds(to:)` and `forwardingTarget(for:)`, which it calls on the main thread, but which are nonisolated
    /// overrides of NSObject.
    nonisolated(unsafe) weak var appDelegate: (any NSObjectProtocol)?
    /// The app's delegate when the proxy was last set as the web view's delegate: what WebKit's cached answers
    /// were read for.
    var registeredFor: ObjectIdentifier?

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        DelegateForwarding.responds(
            hostImplements: super.responds(to: aSelector),
            appDelegateResponds: appDelegate?.responds(to: aSelector) ?? false)
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        let target = DelegateForwarding.target(
            hostImplements: super.responds(to: aSelector),
            appDelegateResponds: appDelegate?.responds(to: aSelector) ?? false)
        switch target {
        case .appDelegate: return appDelegate
        case .host, .engineDefault: return super.forwardingTarget(for: aSelector)
        }
    }

    /// Sets the proxy as the web view's delegate again when WebKit's cached answers were read for another app
    /// delegate (a new one, or one released since).
    func registerIfNeeded() {
        let current = appDelegate.map(ObjectIdentifier.init)
        guard DelegateForwarding.needsRegistration(previous: registeredFor, current: current) else { return }
        register()
    }

    /// Sets the proxy as the web view's delegate, so that WebKit asks it again which methods it answers.
    func register() {
        registeredFor = appDelegate.map(ObjectIdentifier.init)
    }
}

/// The web view's `WKNavigationDelegate`: the host's navigation methods, the app's `navigationDelegate` for the
/// rest.
@MainActor
final class NavigationDelegateProxy: WebKitDelegateProxy, WKNavigationDelegate {
    override func register() {
        super.register()
        guard let webView = host?.webView else { return }
        webView.navigationDelegate = nil
        webView.navigationDelegate = self
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        registerIfNeeded()
        guard let host else { return decisionHandler(.cancel) }
        host.decidePolicy(for: navigationAction, decisionHandler: decisionHandler)
    }

    /// WebKit calls this variant instead of the one above when the delegate responds to it: implemented here, so
    /// that an app delegate that implements it cannot take the navigation policy from the host. The preferences
    /// pass through unchanged.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
        registerIfNeeded()
        guard let host else { return decisionHandler(.cancel, preferences) }
        host.decidePolicy(for: navigationAction) { policy in decisionHandler(policy, preferences) }
    }

    /// `webView(_:didReceive:completionHandler:)` in its async form, which WebKit names `webView(_:respondTo:)` for
    /// Swift: the compiler calls WebKit's completion handler once, with what this returns.
    func webView(
        _ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        guard let host else { return (.performDefaultHandling, nil) }
        return await host.answer(challenge)
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        registerIfNeeded()
        host?.didCommit(navigation)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        host?.didFinish(navigation)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        host?.didFail(navigation, withError: error)
    }

    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
        host?.didFail(navigation, withError: error)
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        host?.webContentProcessDidTerminate()
    }
}

/// The web view's `WKUIDelegate`: the host's dialogs, new windows and capture decisions, the app's `uiDelegate`
/// for the rest.
@MainActor
final class UIDelegateProxy: WebKitDelegateProxy, WKUIDelegate {
    override func register() {
        super.register()
        guard let webView = host?.webView else { return }
        webView.uiDelegate = nil
        webView.uiDelegate = self
    }

    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        registerIfNeeded()
        host?.openNewWindow(for: navigationAction)
        return nil
    }

    // The dialogs and the capture decision in their async forms: the compiler calls WebKit's completion handler
    // once, with what each returns.

    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async {
        registerIfNeeded()
        guard let host else { return }
        await host.runAlert(message, from: frame)
    }

    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async -> Bool {
        registerIfNeeded()
        guard let host else { return false }
        return await host.runConfirm(message, from: frame)
    }

    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String? {
        registerIfNeeded()
        guard let host else { return nil }
        return await host.runPrompt(prompt, defaultText: defaultText, from: frame)
    }

    /// `webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)` in its async form,
    /// which WebKit names `webView(_:decideMediaCapturePermissionsFor:initiatedBy:type:)` for Swift.
    func webView(
        _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin, initiatedBy frame: WKFrameInfo,
        type: WKMediaCaptureType
    ) async -> WKPermissionDecision {
        registerIfNeeded()
        guard let host else { return .deny }
        return await host.decideMediaCapture(for: origin, from: frame, type: type)
    }
}

// MARK: - The cookie store's observer

/// The object the cookie store reports changes to; the store does not retain its observers, so the host owns it.
@MainActor
final class CookieObserverProxy: NSObject, WKHTTPCookieStoreObserver {
    weak var host: WebKitWebView?

    func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
        host?.cookieBroadcaster.publish(())
    }
}
#endif
