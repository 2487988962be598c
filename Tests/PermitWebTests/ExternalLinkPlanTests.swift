import Foundation
import PermitWeb
import Testing
import PermitAdapterSupport
import PermitHostSupport

/// How `ExternalURLs` opens a link that leaves the web view, modelled on `UIApplication.open(_:options:)` with
/// `universalLinksOnly` (Apple, "UIApplication.OpenExternalURLOptionsKey.universalLinksOnly": the URL opens only
/// when an installed app claims it as a universal link; otherwise the completion reports `false`), and on
/// "Supporting universal links in your app": only `http` and `https` links are universal links.
@Suite struct ExternalLinkPlanTests {
    @Test(arguments: ["https://maps.example.com/place/1", "http://example.com/", "HTTPS://EXAMPLE.COM/"])
    func aWebLinkIsOfferedToItsAppBeforeSafari(link: String) {
        #expect(ExternalLinkPlan.attempts(for: URL(string: link)!) == [.universalLinkOnly, .anyHandler])
    }

    @Test(arguments: ["tel:+15551234", "mailto:help@example.com", "itms-apps://apps.apple.com/app/id1"])
    func anotherSchemeGoesToItsHandlerAtOnce(link: String) {
        #expect(ExternalLinkPlan.attempts(for: URL(string: link)!) == [.anyHandler])
    }
}
