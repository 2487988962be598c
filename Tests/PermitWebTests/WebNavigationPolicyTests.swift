import Foundation
import PermitWeb
import Testing
import PermitAdapterSupport
import PermitHostSupport

/// What the `WKWebView` host does with navigations the page starts. Without a decision `WKWebView` fails
/// `tel:` and `mailto:` navigations instead of handing them to the system, never hands a universal link to its app (Apple, "Supporting
/// universal links in your app": links open the app from Safari and `UIApplication.open`), and ignores
/// `window.open` and `target="_blank"` when no UI delegate creates a web view.
@Suite struct WebNavigationPolicyTests {
    let policy = WebNavigationPolicy(siteOrigins: [try! WebOrigin("https://app.example.com")])

    func url(_ text: String) -> URL { URL(string: text)! }

    @Test(arguments: ["tel:+15551234", "mailto:help@example.com", "sms:+15551234", "facetime:me@example.com",
                      "maps://?q=Paris", "itms-apps://apps.apple.com/app/id1"])
    func aTappedLinkToAnotherAppLeavesTheWebView(link: String) {
        #expect(policy.decide(url(link), isMainFrame: true, isUserInitiated: true) == .openExternally)
    }

    @Test func aPageOrFrameCannotDialOnItsOwn() {
        #expect(policy.decide(url("tel:+15551234"), isMainFrame: true, isUserInitiated: false) == .cancel)
        #expect(policy.decide(url("tel:+15551234"), isMainFrame: false, isUserInitiated: true) == .cancel)
    }

    @Test func theSiteLoadsInTheWebViewAndOtherSitesTappedLeave() {
        #expect(policy.decide(url("https://app.example.com/orders"), isMainFrame: true, isUserInitiated: true) == .allow)
        #expect(policy.decide(url("https://maps.example.org/"), isMainFrame: true, isUserInitiated: true) == .openExternally)
        // A redirect or a script's navigation stays: only a tap hands the URL to the system.
        #expect(policy.decide(url("https://login.example.org/"), isMainFrame: true, isUserInitiated: false) == .allow)
        #expect(policy.decide(url("https://ads.example.org/"), isMainFrame: false, isUserInitiated: true) == .allow)
    }

    @Test func withNoSiteOriginsEveryWebPageIsTheSite() {
        let open = WebNavigationPolicy()
        #expect(open.decide(url("https://anywhere.example/"), isMainFrame: true, isUserInitiated: true) == .allow)
    }

    @Test func inPageSchemesLoadAndDangerousOnesAreCancelled() {
        #expect(policy.decide(url("about:blank"), isMainFrame: false, isUserInitiated: false) == .allow)
        #expect(policy.decide(url("blob:https://app.example.com/1"), isMainFrame: true, isUserInitiated: true) == .allow)
        #expect(policy.decide(url("javascript:alert(1)"), isMainFrame: true, isUserInitiated: true) == .cancel)
        #expect(policy.decide(url("file:///etc/passwd"), isMainFrame: true, isUserInitiated: true) == .cancel)
    }

    @Test func newWindowsLoadTheSiteInPlaceAndSendTheRestOut() {
        #expect(policy.decideNewWindow(url("https://app.example.com/help"), isUserInitiated: true) == .loadInPlace)
        #expect(policy.decideNewWindow(url("https://partner.example.org/"), isUserInitiated: true) == .openExternally)
        #expect(policy.decideNewWindow(url("mailto:help@example.com"), isUserInitiated: true) == .openExternally)
        #expect(policy.decideNewWindow(url("javascript:void(0)"), isUserInitiated: true) == .ignore)
        #expect(policy.decideNewWindow(url("https://app.example.com/"), isUserInitiated: false) == .ignore, "a pop-up")
    }

    /// Apple, `WKPreferences.javaScriptCanOpenWindowsAutomatically`: "A Boolean value that indicates whether
    /// JavaScript can open windows without user interaction. The default value is false in iOS." With it false,
    /// WebKit asks the UI delegate for a `window.open` only during a tap, and that action's type is `other`: it is
    /// the person's, and a button that opens a window must open it. With it true, only a tapped link counts.
    @Test func aWindowOpenedDuringATapIsThePersonsUnlessScriptsMayOpenWindowsAtWill() {
        #expect(WebNavigationPolicy.newWindowIsUserInitiated(linkActivated: false, scriptsOpenWindowsAutomatically: false))
        #expect(WebNavigationPolicy.newWindowIsUserInitiated(linkActivated: true, scriptsOpenWindowsAutomatically: false))
        #expect(!WebNavigationPolicy.newWindowIsUserInitiated(linkActivated: false, scriptsOpenWindowsAutomatically: true))
        #expect(WebNavigationPolicy.newWindowIsUserInitiated(linkActivated: true, scriptsOpenWindowsAutomatically: true))
        let isUserInitiated = WebNavigationPolicy.newWindowIsUserInitiated(
            linkActivated: false, scriptsOpenWindowsAutomatically: false)
        #expect(policy.decideNewWindow(url("https://app.example.com/help"), isUserInitiated: isUserInitiated) == .loadInPlace)
    }

    /// Apple, `WKNavigationAction.targetFrame`: "The target frame, or nil if this is a new window navigation."
    @Test func aNavigationWithNoTargetFrameIsDecidedAsTheMainFrames() {
        #expect(WebNavigationPolicy.isMainFrame(targetFrameIsMain: nil))
        #expect(WebNavigationPolicy.isMainFrame(targetFrameIsMain: true))
        #expect(!WebNavigationPolicy.isMainFrame(targetFrameIsMain: false))
        let isMainFrame = WebNavigationPolicy.isMainFrame(targetFrameIsMain: nil)
        #expect(policy.decide(url("mailto:help@example.com"), isMainFrame: isMainFrame, isUserInitiated: true) == .openExternally)
    }
}

/// A load that changes only the fragment is a same-document navigation: WebKit calls neither `didFinish` nor
/// `didFail` for it, so the host must not wait for them.
@Suite struct WebLoadDecisionTests {
    @Test func onlyAFragmentChangeIsTheSameDocument() {
        let page = URL(string: "https://app.example.com/orders?id=1")!
        #expect(WebLoadDecision.isSameDocument(from: page, to: URL(string: "https://app.example.com/orders?id=1#top")!))
        #expect(WebLoadDecision.isSameDocument(
            from: URL(string: "https://app.example.com/orders?id=1#a")!, to: URL(string: "https://app.example.com/orders?id=1#b")!))
        #expect(!WebLoadDecision.isSameDocument(from: page, to: URL(string: "https://app.example.com/orders?id=2#top")!))
        #expect(!WebLoadDecision.isSameDocument(from: URL(string: "https://app.example.com/orders?id=1#a")!, to: page))
        #expect(!WebLoadDecision.isSameDocument(from: nil, to: URL(string: "https://app.example.com/#a")!))
    }
}

/// `requestLocation()` reports `CLError.denied` (code 1 in `kCLErrorDomain`) when location is off for the app:
/// the page must see a permission problem, not "unavailable" (Apple, `CLError.Code.denied`).
@Suite struct LocationFixFailureTests {
    @Test func deniedIsAPermissionProblemAndTheRestIsUnavailable() {
        #expect(LocationFixFailure.error(domain: "kCLErrorDomain", code: 1) == .permissionDenied)
        #expect(LocationFixFailure.error(domain: "kCLErrorDomain", code: 0) == .unavailable)  // locationUnknown
        #expect(LocationFixFailure.error(domain: "kCLErrorDomain", code: 2) == .unavailable)  // network
        #expect(LocationFixFailure.error(domain: "NSURLErrorDomain", code: 1) == .unavailable)
    }
}

/// A delete that reads the store first finds nothing before WebKit's network process starts: the host names
/// both scopes instead.
@Suite struct CookieDeletionTests {
    @Test func bothScopesOfTheCookieAreNamedExpired() {
        let candidates = Cookie.deletionCandidates(named: "FCM_token", domain: "app.example.com", path: "/")
        #expect(candidates.map(\.isHostOnly) == [true, false])
        #expect(candidates.allSatisfy { $0.name == "FCM_token" && $0.domain == "app.example.com" && $0.path == "/" })
        #expect(candidates.allSatisfy { ($0.expires ?? .distantFuture) < Date() })
    }
}
