#if canImport(WebKit)
import Foundation
import Logging
import Permit
import PermitWeb
import WebKit
import PermitAdapterSupport
import PermitHostSupport

// MARK: - Navigation delegate methods (through `NavigationDelegateProxy`)

extension WebKitWebView {
    /// Decides a navigation: the app's ``delegate`` first, then `WebNavigationPolicy`. A URL that leaves the
    /// web view goes to ``Configuration/openExternally``.
    func decidePolicy(
        for navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        if let policy = delegate?.webKitWebView(self, decidePolicyFor: navigationAction) {
            return decisionHandler(policy)
        }
        guard let url = navigationAction.request.url else { return decisionHandler(.allow) }
        let decision = navigationPolicy.decide(
            url, isMainFrame: WebNavigationPolicy.isMainFrame(targetFrameIsMain: navigationAction.targetFrame?.isMainFrame),
            isUserInitiated: navigationAction.navigationType == .linkActivated)
        switch decision {
        case .allow: decisionHandler(.allow)
        case .cancel: decisionHandler(.cancel)
        case .openExternally:
            decisionHandler(.cancel)
            openExternally(url)
        }
    }

    /// An authentication challenge: answered by the ``delegate``; WebKit's default handling without one.
    func answer(
        _ challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        guard let delegate else { return (.performDefaultHandling, nil) }
        return await delegate.webKitWebView(self, didReceive: challenge)
    }

    /// The main frame committed a navigation: reported as `WebViewEvent.navigated(_:)`.
    func didCommit(_ navigation: WKNavigation!) {
        if let url = webView.url {
            recoveryPage.committed(url)
            eventBroadcaster.publish(.navigated(url))
        }
    }

    /// The main frame finished loading: reported as `WebViewEvent.loaded(_:)`, and a waiting load returns.
    func didFinish(_ navigation: WKNavigation!) {
        if let url = webView.url { eventBroadcaster.publish(.loaded(url)) }
        if let navigation { finishLoad(ObjectIdentifier(navigation), with: nil) }
    }

    /// A navigation failed, before or after it was committed: a waiting load throws the error, and the
    /// ``delegate`` hears about it unless it was only cancelled (`WebNavigationFailure`).
    func didFail(_ navigation: WKNavigation!, withError error: any Error) {
        if let navigation { finishLoad(ObjectIdentifier(navigation), with: error) }
        let nsError = error as NSError
        if WebNavigationFailure.isReported(domain: nsError.domain, code: nsError.code) {
            delegate?.webKitWebView(self, didFailNavigationWithError: error)
        }
    }

    /// The web content process ended: reported, then answered as `RestartPolicyStateMachine` decides.
    func webContentProcessDidTerminate() {
        logger.error("web content process terminated", metadata: ["url": "\(recoveryPage.url?.absoluteString ?? "none")"])
        eventBroadcaster.publish(.terminated(reason: "web content process terminated"))
        let waiting = loadWaiters
        loadWaiters = [:]
        for waiter in waiting.values { waiter.resume(throwing: WebViewError.webContentTerminated) }
        carryOut(restartPolicy.terminated(at: elapsed))
    }

    func carryOut(_ action: RestartPolicyStateMachine.TerminationAction) {
        switch action {
        case .restart(let delay):
            // Task: callback bridge from WebKit's termination delegate to the async recovery (after the policy's delay).
            Task {
                try? await Task.sleep(for: delay)
                await recover()
            }
        case .waitForForeground:
            logger.info("web content terminated in the background; reloading in the foreground")
        case .giveUp(let terminations):
            logger.error("web content keeps terminating; not reloading", metadata: ["terminations": "\(terminations)"])
        case .stayDown:
            break
        }
    }

    /// Writes the cookies again, behind the writes already queued, then reloads the last page.
    private func recover() async {
        await rewriteCookies()
        switch recoveryPage.recovery {
        case .load(let url): webView.load(URLRequest(url: url))
        case .reload: webView.reload()
        }
        eventBroadcaster.publish(.restarted)
    }

    /// Follows the app to the background and back, for the restart policy: the notifications whose
    /// `AppLifecycleNotification.isForeground` is set (UIKit's, by name, so that the module links no UIKit; on
    /// macOS the app counts as always in the foreground).
    func observeLifecycle() {
        for notification in AppLifecycleNotification.allCases {
            guard let foreground = notification.isForeground else { continue }
            lifecycleObservers.observe(Notification.Name(notification.rawValue), queue: .main) { [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if foreground {
                        if let action = self.restartPolicy.enteredForeground(at: self.elapsed) { self.carryOut(action) }
                    } else {
                        self.restartPolicy.enteredBackground()
                    }
                }
            }
        }
    }

    func openExternally(_ url: URL) {
        guard let open = configuration.openExternally else {
            logger.notice(
                "link leaves the web view but no openExternally is configured",
                metadata: ["scheme": "\(url.scheme ?? "")"])
            return
        }
        open(url)
    }
}

// MARK: - UI delegate methods (through `UIDelegateProxy`)

extension WebKitWebView {
    /// `window.open` and `target="_blank"`: `WebNavigationPolicy.decideNewWindow` loads the app's own pages in
    /// place and hands the rest to ``Configuration/openExternally``; no second web view is made.
    func openNewWindow(for navigationAction: WKNavigationAction) {
        guard let url = navigationAction.request.url else { return }
        let isUserInitiated = WebNavigationPolicy.newWindowIsUserInitiated(
            linkActivated: navigationAction.navigationType == .linkActivated,
            scriptsOpenWindowsAutomatically: webView.configuration.preferences.javaScriptCanOpenWindowsAutomatically)
        switch navigationPolicy.decideNewWindow(url, isUserInitiated: isUserInitiated) {
        case .loadInPlace: webView.load(navigationAction.request)
        case .openExternally: openExternally(url)
        case .ignore: break
        }
    }

    /// `alert()`: shown by the ``delegate``; dismissed at once without one.
    func runAlert(_ message: String, from frame: WKFrameInfo) async {
        guard let delegate else { return }
        await delegate.webKitWebView(self, runAlert: message, from: frame)
    }

    /// `confirm()`: answered by the ``delegate``; `false` without one.
    func runConfirm(_ message: String, from frame: WKFrameInfo) async -> Bool {
        guard let delegate else { return false }
        return await delegate.webKitWebView(self, runConfirm: message, from: frame)
    }

    /// `prompt()`: answered by the ``delegate``; `null` without one.
    func runPrompt(_ prompt: String, defaultText: String?, from frame: WKFrameInfo) async -> String? {
        guard let delegate else { return nil }
        return await delegate.webKitWebView(self, runPrompt: prompt, defaultText: defaultText, from: frame)
    }

    /// A page's camera or microphone request: from native state for a bridged origin (what the bridge set with
    /// ``setEnginePermission(_:granted:for:)``), else decided by the ``delegate``, else WebKit's prompt.
    func decideMediaCapture(
        for origin: WKSecurityOrigin, from frame: WKFrameInfo, type: WKMediaCaptureType
    ) async -> WKPermissionDecision {
        if let decision = engineDecision(for: frame, type: type) { return decision }
        guard let delegate else { return .prompt }
        return await delegate.webKitWebView(self, decideMediaCapturePermissionFor: origin, from: frame, type: type)
    }
}
#endif
