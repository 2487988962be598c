// Stand-in for Apple's WebKit, for scripts/check-apple-adapters only: just the WKWebView API that
// PermitWebKit uses, with the signatures of Apple's Swift interface, main-actor isolated as WebKit's classes
// and protocols are. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/webkit/.
//
// URLRequest and HTTPCookie are Foundation's on Apple platforms, which WebKit re-exports; on Linux they live in
// FoundationNetworking, re-exported here in its place.
// Optional Objective-C protocol requirements are requirements with default implementations here. Swift imports a
// delegate method that takes a completion handler also as an async method, and a delegate implements one of the
// two; where the adapters implement the async form, only that form is declared, as Apple's page gives it, so that
// scripts/check-delegate-methods reports an adapter method in the other form.
// Platforms: everything declared here exists on iOS and macOS (WKUIDelegate's media-capture decision and
// WKPermissionDecision since iOS 15 and macOS 12, the rest earlier); only WKWebView's superclass differs, a UIView
// on iOS and an NSView on macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS, builds it over AppKit's).

@_exported import Foundation  // as Apple's framework does
@_exported import FoundationNetworking  // Foundation's networking types on Linux
#if PERMIT_STANDIN_MACOS
@_exported import AppKit  // WebKit re-exports AppKit on macOS
#else
@_exported import UIKit  // and UIKit on iOS
#endif

// .../wkcontentworld: `@MainActor class WKContentWorld : NSObject`
@MainActor
open class WKContentWorld: NSObject {
    // .../wkcontentworld/page: `class var page: WKContentWorld { get }`
    open class var page: WKContentWorld { fatalError("stand-in") }
}

// .../wkuserscriptinjectiontime: `enum WKUserScriptInjectionTime : Int`
public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0
    case atDocumentEnd = 1
}

// .../wkuserscript: `@MainActor class WKUserScript : NSObject`
@MainActor
open class WKUserScript: NSObject {
    // .../wkuserscript/init(source:injectiontime:formainframeonly:in:): `init(source: String, injectionTime:
    // WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld)`
    public init(
        source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld
    ) {}
    // .../wkuserscript/source: `var source: String { get }`
    open var source: String { fatalError("stand-in") }
}

// .../wksecurityorigin: `@MainActor class WKSecurityOrigin : NSObject`
@MainActor
open class WKSecurityOrigin: NSObject {
    // .../wksecurityorigin/protocol: `var `protocol`: String { get }`
    open var `protocol`: String { fatalError("stand-in") }
    // .../wksecurityorigin/host: `var host: String { get }`
    open var host: String { fatalError("stand-in") }
    // .../wksecurityorigin/port: `var port: Int { get }` (0 for the scheme's default)
    open var port: Int { fatalError("stand-in") }
}

// .../wkframeinfo: `@MainActor class WKFrameInfo : NSObject`
@MainActor
open class WKFrameInfo: NSObject {
    // .../wkframeinfo/ismainframe: `var isMainFrame: Bool { get }`
    open var isMainFrame: Bool { fatalError("stand-in") }
    // .../wkframeinfo/securityorigin: `var securityOrigin: WKSecurityOrigin { get }`
    open var securityOrigin: WKSecurityOrigin { fatalError("stand-in") }
}

// .../wkscriptmessage: `@MainActor class WKScriptMessage : NSObject`
@MainActor
open class WKScriptMessage: NSObject {
    // .../wkscriptmessage/body: `var body: Any { get }`
    open var body: Any { fatalError("stand-in") }
    // .../wkscriptmessage/name: `var name: String { get }`
    open var name: String { fatalError("stand-in") }
    // .../wkscriptmessage/frameinfo: `var frameInfo: WKFrameInfo { get }`
    open var frameInfo: WKFrameInfo { fatalError("stand-in") }
}

// .../wkscriptmessagehandlerwithreply: `@MainActor protocol WKScriptMessageHandlerWithReply : NSObjectProtocol`
@MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    // .../wkscriptmessagehandlerwithreply/usercontentcontroller(_:didreceive:replyhandler:), imported for Swift
    // concurrency as `func userContentController(_ userContentController: WKUserContentController, didReceive
    // message: WKScriptMessage) async -> (Any?, String?)` (required: a handler implements this or the reply form)
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) async -> (Any?, String?)
}

// .../wkusercontentcontroller: `@MainActor class WKUserContentController : NSObject`
@MainActor
open class WKUserContentController: NSObject {
    // .../wkusercontentcontroller/adduserscript(_:): `func addUserScript(_ userScript: WKUserScript)`
    open func addUserScript(_ userScript: WKUserScript) {}
    // .../wkusercontentcontroller/removealluserscripts(): `func removeAllUserScripts()`
    open func removeAllUserScripts() {}
    // .../wkusercontentcontroller/userscripts: `var userScripts: [WKUserScript] { get }`
    open var userScripts: [WKUserScript] { fatalError("stand-in") }
    // .../wkusercontentcontroller/addscriptmessagehandler(_:contentworld:name:): `func addScriptMessageHandler(_
    // scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String)`
    open func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) {}
    // .../wkusercontentcontroller/removescriptmessagehandler(forname:contentworld:): `func
    // removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld)`
    open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {}
}

// .../wkhttpcookiestore: `@MainActor class WKHTTPCookieStore : NSObject`
@MainActor
open class WKHTTPCookieStore: NSObject {
    // .../wkhttpcookiestore/setcookie(_:completionhandler:), imported as `func setCookie(_ cookie: HTTPCookie) async`
    open func setCookie(_ cookie: HTTPCookie) async {}
    // .../wkhttpcookiestore/getallcookies(_:), imported as `func allCookies() async -> [HTTPCookie]`
    open func allCookies() async -> [HTTPCookie] { fatalError("stand-in") }
    // .../wkhttpcookiestore/delete(_:completionhandler:), imported as `func deleteCookie(_ cookie: HTTPCookie) async`
    open func deleteCookie(_ cookie: HTTPCookie) async {}
    // .../wkhttpcookiestore/add(_:): `func add(_ observer: any WKHTTPCookieStoreObserver)`; the store does not
    // retain the observer
    open func add(_ observer: any WKHTTPCookieStoreObserver) {}
    // .../wkhttpcookiestore/remove(_:): `func remove(_ observer: any WKHTTPCookieStoreObserver)`
    open func remove(_ observer: any WKHTTPCookieStoreObserver) {}
}

// .../wkhttpcookiestoreobserver: `@MainActor protocol WKHTTPCookieStoreObserver : NSObjectProtocol`, whose one
// requirement is optional: written as a requirement with a default implementation (see README)
@MainActor
public protocol WKHTTPCookieStoreObserver: NSObjectProtocol {
    // .../wkhttpcookiestoreobserver/cookiesdidchange(in:): `optional func cookiesDidChange(in cookieStore:
    // WKHTTPCookieStore)`
    func cookiesDidChange(in cookieStore: WKHTTPCookieStore)
}

extension WKHTTPCookieStoreObserver {
    public func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {}
}

// .../wkwebsitedatastore: `@MainActor class WKWebsiteDataStore : NSObject`
@MainActor
open class WKWebsiteDataStore: NSObject {
    // .../wkwebsitedatastore/httpcookiestore: `var httpCookieStore: WKHTTPCookieStore { get }`
    open var httpCookieStore: WKHTTPCookieStore { fatalError("stand-in") }
}

// .../wkwebviewconfiguration: `@MainActor class WKWebViewConfiguration : NSObject`
@MainActor
open class WKWebViewConfiguration: NSObject {
    // .../wkwebviewconfiguration/usercontentcontroller: `var userContentController: WKUserContentController`
    open var userContentController: WKUserContentController { get { fatalError("stand-in") } set {} }
    // .../wkwebviewconfiguration/websitedatastore: `var websiteDataStore: WKWebsiteDataStore`
    open var websiteDataStore: WKWebsiteDataStore { get { fatalError("stand-in") } set {} }
    // .../wkwebviewconfiguration/preferences: `var preferences: WKPreferences`
    open var preferences: WKPreferences { get { fatalError("stand-in") } set {} }
    public override init() {}
}

// .../wkpreferences: `@MainActor class WKPreferences : NSObject`
@MainActor
open class WKPreferences: NSObject {
    // .../wkpreferences/javascriptcanopenwindowsautomatically: `var javaScriptCanOpenWindowsAutomatically: Bool`
    // ("The default value is false in iOS and true in macOS.")
    open var javaScriptCanOpenWindowsAutomatically: Bool { get { fatalError("stand-in") } set {} }
}

// .../wknavigation: `@MainActor class WKNavigation : NSObject`
@MainActor
open class WKNavigation: NSObject {}

// .../wknavigationtype: `enum WKNavigationType : Int`
public enum WKNavigationType: Int, Sendable {
    case linkActivated = 0
    case formSubmitted = 1
    case backForward = 2
    case reload = 3
    case formResubmitted = 4
    case other = -1
}

// .../wknavigationactionpolicy: `enum WKNavigationActionPolicy : Int`
public enum WKNavigationActionPolicy: Int, Sendable {
    case cancel = 0
    case allow = 1
    case download = 2
}

// .../wknavigationaction: `@MainActor class WKNavigationAction : NSObject`
@MainActor
open class WKNavigationAction: NSObject {
    // .../wknavigationaction/request: `@NSCopying var request: URLRequest { get }`
    open var request: URLRequest { fatalError("stand-in") }
    // .../wknavigationaction/navigationtype: `var navigationType: WKNavigationType { get }`
    open var navigationType: WKNavigationType { fatalError("stand-in") }
    // .../wknavigationaction/targetframe: `var targetFrame: WKFrameInfo? { get }` (nil for a new window)
    open var targetFrame: WKFrameInfo? { fatalError("stand-in") }
}

// .../wkwebpagepreferences: `@MainActor class WKWebpagePreferences : NSObject` (iOS 13, macOS 10.15)
@MainActor
open class WKWebpagePreferences: NSObject {}

// .../wkmediacapturetype: `enum WKMediaCaptureType : Int` (iOS 15, macOS 12)
public enum WKMediaCaptureType: Int, Sendable {
    case camera = 0
    case microphone = 1
    case cameraAndMicrophone = 2
}

// .../wkpermissiondecision: `enum WKPermissionDecision : Int` (iOS 15, macOS 12)
public enum WKPermissionDecision: Int, Sendable {
    case prompt = 0
    case grant = 1
    case deny = 2
}

// .../wkwindowfeatures: `@MainActor class WKWindowFeatures : NSObject`
@MainActor
open class WKWindowFeatures: NSObject {}

// .../wkuidelegate: `@MainActor protocol WKUIDelegate : NSObjectProtocol`, every method optional
@MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    // .../wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:)
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView?
    // .../wkuidelegate/webview(_:runjavascriptalertpanelwithmessage:initiatedbyframe:completionhandler:), imported
    // for Swift concurrency as `optional func webView(_ webView: WKWebView, runJavaScriptAlertPanelWithMessage
    // message: String, initiatedByFrame frame: WKFrameInfo) async`
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async
    // .../wkuidelegate/webview(_:runjavascriptconfirmpanelwithmessage:initiatedbyframe:completionhandler:), imported
    // for Swift concurrency as `optional func webView(_ webView: WKWebView, runJavaScriptConfirmPanelWithMessage
    // message: String, initiatedByFrame frame: WKFrameInfo) async -> Bool`
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async -> Bool
    // .../wkuidelegate/webview(_:runjavascripttextinputpanelwithprompt:defaulttext:initiatedbyframe:completionhandler:)
    // imported for Swift concurrency as `optional func webView(_ webView: WKWebView,
    // runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?, initiatedByFrame frame:
    // WKFrameInfo) async -> String?`
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String?
    // .../wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:), imported
    // for Swift concurrency under another name (WebKit's header sets it with WK_SWIFT_ASYNC_NAME) as `optional
    // func webView(_ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin, initiatedBy
    // frame: WKFrameInfo, type: WKMediaCaptureType) async -> WKPermissionDecision`
    func webView(
        _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin, initiatedBy frame: WKFrameInfo,
        type: WKMediaCaptureType
    ) async -> WKPermissionDecision
    // .../wkuidelegate/webviewdidclose(_:): `optional func webViewDidClose(_ webView: WKWebView)`
    func webViewDidClose(_ webView: WKWebView)
}

extension WKUIDelegate {
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? { nil }
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async {}
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async -> Bool { false }
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String? { nil }
    public func webView(
        _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin, initiatedBy frame: WKFrameInfo,
        type: WKMediaCaptureType
    ) async -> WKPermissionDecision { .prompt }
    public func webViewDidClose(_ webView: WKWebView) {}
}

// .../wknavigationdelegate: `@MainActor protocol WKNavigationDelegate : NSObjectProtocol`, every method optional
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    // .../wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
    // .../wknavigationdelegate/webview(_:decidepolicyfor:preferences:decisionhandler:) (iOS 13, macOS 10.15):
    // WebKit calls it instead of the one above when the delegate implements it
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void)
    // .../wknavigationdelegate/webview(_:didreceive:completionhandler:), imported for Swift concurrency under another
    // name (WebKit's header sets it with WK_SWIFT_ASYNC_NAME) as `optional func webView(_ webView: WKWebView,
    // respondTo challenge: URLAuthenticationChallenge) async -> (URLSession.AuthChallengeDisposition,
    // URLCredential?)`
    func webView(
        _ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)
    // .../wknavigationdelegate/webview(_:didcommit:)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    // .../wknavigationdelegate/webview(_:didfinish:)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    // .../wknavigationdelegate/webview(_:didfail:witherror:)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    // .../wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:)
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    // .../wknavigationdelegate/webviewwebcontentprocessdidterminate(_:)
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {}
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {}
    public func webView(
        _ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) { (.performDefaultHandling, nil) }
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {}
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

#if PERMIT_STANDIN_MACOS
// .../wkwebview: `@MainActor class WKWebView : NSView` on macOS
@MainActor
open class WKWebView: NSView {
    // .../wkwebview/init(frame:configuration:): `init(frame: CGRect, configuration: WKWebViewConfiguration)`
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }
}
#else
// .../wkwebview: `@MainActor class WKWebView : UIView` on iOS
@MainActor
open class WKWebView: UIView {
    // .../wkwebview/init(frame:configuration:): `init(frame: CGRect, configuration: WKWebViewConfiguration)`
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }
}
#endif

// The rest of WKWebView, the same on both platforms (in an extension, so that it is written once; nothing
// overrides it).
extension WKWebView {
    // .../wkwebview/configuration: `@NSCopying var configuration: WKWebViewConfiguration { get }`
    public var configuration: WKWebViewConfiguration { fatalError("stand-in") }
    // .../wkwebview/navigationdelegate: `weak var navigationDelegate: (any WKNavigationDelegate)? { get set }`
    public var navigationDelegate: (any WKNavigationDelegate)? { get { fatalError("stand-in") } set {} }
    // .../wkwebview/uidelegate: `weak var uiDelegate: (any WKUIDelegate)? { get set }`
    public var uiDelegate: (any WKUIDelegate)? { get { fatalError("stand-in") } set {} }
    // .../wkwebview/url: `var url: URL? { get }`
    public var url: URL? { fatalError("stand-in") }
    // .../wkwebview/load(_:)-(urlrequest): `func load(_ request: URLRequest) -> WKNavigation?`
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? { fatalError("stand-in") }
    // .../wkwebview/reload(): `func reload() -> WKNavigation?`
    @discardableResult
    public func reload() -> WKNavigation? { fatalError("stand-in") }
    // .../wkwebview/callasyncjavascript(_:arguments:in:in:completionhandler:), imported for Swift concurrency as
    // `func callAsyncJavaScript(_ functionBody: String, arguments: [String : Any] = [:], in frame: WKFrameInfo? =
    // nil, contentWorld: WKContentWorld) async throws -> Any?`
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        contentWorld: WKContentWorld
    ) async throws -> Any? { fatalError("stand-in") }
}
