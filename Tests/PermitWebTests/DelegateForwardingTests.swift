import PermitWeb
import Testing
import PermitHostSupport

/// How the `WKWebView` host's delegate proxy answers WebKit, modelled on the Objective-C runtime and WebKit:
///
/// - Every method of `WKNavigationDelegate` and `WKUIDelegate` is optional (Apple, "WKNavigationDelegate",
///   "WKUIDelegate"); WebKit calls one only when the delegate `responds(to:)` its selector, and otherwise applies
///   its own default.
/// - A message the receiver does not implement goes to `forwardingTarget(for:)`'s object, if any, before the
///   runtime raises "unrecognized selector" (Apple, "forwardingTarget(for:)", NSObject).
/// - WebKit reads `respondsToSelector:` when the delegate is set and caches the answers
///   (WebKit, Source/WebKit/UIProcess/Cocoa/NavigationState.mm, `NavigationState::setNavigationDelegate`).
@Suite struct DelegateForwardingTests {
    /// One delegate method, as the engine sees it.
    struct Method: Hashable {
        var name: String
        var hostImplements: Bool
    }

    /// WebKit and the runtime, reduced to what the proxy relies on.
    struct Engine {
        /// The answers cached when the proxy was last set.
        var cached: [Method: Bool] = [:]
        /// What the app delegate implemented when the proxy was last set, `nil` for none.
        var registeredFor: ObjectIdentifier?

        mutating func setDelegate(_ methods: [Method], appDelegate: AppDelegate?) {
            registeredFor = appDelegate.map(ObjectIdentifier.init)
            for method in methods {
                cached[method] = DelegateForwarding.responds(
                    hostImplements: method.hostImplements,
                    appDelegateResponds: appDelegate?.implements.contains(method.name) ?? false)
            }
        }

        /// Who handled the call: "host", "app", "default", or "unrecognized selector" (a crash on a device).
        func call(_ method: Method, appDelegate: AppDelegate?) -> String {
            guard cached[method] == true else { return "default" }
            let target = DelegateForwarding.target(
                hostImplements: method.hostImplements,
                appDelegateResponds: appDelegate?.implements.contains(method.name) ?? false)
            switch target {
            case .host: return "host"
            case .appDelegate: return "app"
            case .engineDefault:
                // The proxy said it responds, but neither it nor a forwarding target implements the method.
                return "unrecognized selector"
            }
        }
    }

    final class AppDelegate {
        let implements: Set<String>
        init(_ implements: Set<String>) { self.implements = implements }
    }

    let didFinish = Method(name: "webView:didFinishNavigation:", hostImplements: true)
    let download = Method(name: "webView:navigationAction:didBecomeDownload:", hostImplements: false)
    let didClose = Method(name: "webViewDidClose:", hostImplements: false)
    let contextMenu = Method(name: "webView:contextMenuConfigurationForElement:completionHandler:", hostImplements: false)

    @Test func theHostWinsForWhatItImplements() {
        #expect(DelegateForwarding.target(hostImplements: true, appDelegateResponds: true) == .host)
        #expect(DelegateForwarding.target(hostImplements: true, appDelegateResponds: false) == .host)
    }

    @Test func theRestGoesToTheAppsDelegateOrKeepsWebKitsDefault() {
        #expect(DelegateForwarding.target(hostImplements: false, appDelegateResponds: true) == .appDelegate)
        #expect(DelegateForwarding.target(hostImplements: false, appDelegateResponds: false) == .engineDefault)
        #expect(!DelegateForwarding.responds(hostImplements: false, appDelegateResponds: false))
    }

    @Test func anAppDelegateReceivesWhatTheHostLeavesAndNothingElse() {
        let app = AppDelegate(["webView:navigationAction:didBecomeDownload:", "webView:didFinishNavigation:"])
        var engine = Engine()
        engine.setDelegate([didFinish, download, didClose], appDelegate: app)
        #expect(engine.call(download, appDelegate: app) == "app")
        #expect(engine.call(didFinish, appDelegate: app) == "host")
        #expect(engine.call(didClose, appDelegate: app) == "default", "neither implements it: WebKit's default")
    }

    /// WebKit calls `webView(_:decidePolicyFor:preferences:decisionHandler:)` instead of the variant without
    /// preferences when the delegate responds to it (Apple, "webView(_:decidePolicyFor:preferences:decisionHandler:)"):
    /// forwarded to an app delegate that has it, it would take the navigation policy from the host. The host
    /// implements both variants.
    @Test func anAppDelegateCannotTakeTheNavigationPolicyThroughTheOtherVariant() {
        let withPreferences = Method(
            name: "webView:decidePolicyForNavigationAction:preferences:decisionHandler:", hostImplements: true)
        let app = AppDelegate([withPreferences.name])
        var engine = Engine()
        engine.setDelegate([withPreferences], appDelegate: app)
        #expect(engine.call(withPreferences, appDelegate: app) == "host")
    }

    @Test func anAppDelegateSetAfterTheProxyIsSeenOnlyOnceTheProxyIsSetAgain() {
        var engine = Engine()
        engine.setDelegate([didClose], appDelegate: nil)  // the host sets its proxy at creation
        let app = AppDelegate(["webViewDidClose:"])
        #expect(engine.call(didClose, appDelegate: app) == "default", "WebKit's cached answer")
        #expect(DelegateForwarding.needsRegistration(previous: engine.registeredFor, current: ObjectIdentifier(app)))
        engine.setDelegate([didClose], appDelegate: app)
        #expect(engine.call(didClose, appDelegate: app) == "app")
    }

    @Test func aReleasedAppDelegateIsUnregisteredBeforeTheEngineForwardsToNothing() {
        var engine = Engine()
        var app: AppDelegate? = AppDelegate(["webView:contextMenuConfigurationForElement:completionHandler:"])
        engine.setDelegate([contextMenu], appDelegate: app)
        app = nil  // the host holds it weakly
        #expect(engine.call(contextMenu, appDelegate: app) == "unrecognized selector", "what re-registering avoids")
        let current = app.map(ObjectIdentifier.init)
        #expect(DelegateForwarding.needsRegistration(previous: engine.registeredFor, current: current))
        engine.setDelegate([contextMenu], appDelegate: app)
        #expect(engine.call(contextMenu, appDelegate: app) == "default")
        #expect(!DelegateForwarding.needsRegistration(previous: engine.registeredFor, current: current))
    }
}
