import Foundation
import PermitWeb
import Testing
import PermitHostSupport

/// Which page the `WKWebView` host loads after its web content process terminated, modelled on WebKit (Apple,
/// "webViewWebContentProcessDidTerminate(_:)": the delegate is told the content process ended, and the web view
/// stays blank until the app loads a page again).
@Suite struct WebRecoveryPageTests {
    func url(_ text: String) -> URL { URL(string: text)! }

    @Test func withNothingRememberedTheEngineReloads() {
        #expect(WebRecoveryPage().recovery == .reload)
    }

    @Test func theAppsLoadAndTheFollowedLinksAreRemembered() {
        var page = WebRecoveryPage()
        page.loadRequested(url("https://app.example.com/"))
        #expect(page.recovery == .load(url("https://app.example.com/")))
        page.committed(url("https://app.example.com/orders/7"))
        #expect(page.recovery == .load(url("https://app.example.com/orders/7")))
    }

    @Test(arguments: ["about:blank", "data:text/html,hi", "blob:https://app.example.com/1"])
    func aDocumentThatIsNoPageLeavesTheRememberedOne(document: String) {
        var page = WebRecoveryPage()
        page.committed(url("https://app.example.com/orders"))
        page.committed(url(document))
        #expect(page.recovery == .load(url("https://app.example.com/orders")))
    }
}
