import PermitWeb
import Testing
import PermitHostSupport

/// Which messages the `WKWebView` host hands to its handlers, modelled on WebKit's script messages (Apple,
/// "WKScriptMessage": `frameInfo` names the frame that sent the message and its `securityOrigin`, which the
/// page cannot set; `body` is whatever the page posted, a string or any other JavaScript value).
@Suite struct WebMessageAdmissionTests {
    let site = try! WebOrigin("https://app.example.com")

    @Test func aTextMessageFromAnAllowedMainFrameWithAHandlerIsAdmitted() {
        let frame = WebFrame(isMainFrame: true, origin: site)
        #expect(WebMessageAdmission.refusal(frame: frame, allowedOrigins: [site], isText: true, hasHandler: true) == nil)
    }

    @Test func anEmbeddedFrameIsRefusedEvenFromTheSite() {
        let frame = WebFrame(isMainFrame: false, origin: site)
        #expect(WebMessageAdmission.refusal(frame: frame, allowedOrigins: [site], isText: true, hasHandler: true) == .notMainFrame)
    }

    @Test func anotherOriginOrNoneIsRefusedWhenThereIsAList() {
        let other = WebFrame(isMainFrame: true, origin: try! WebOrigin("https://app.example.com:8443"))
        #expect(WebMessageAdmission.refusal(frame: other, allowedOrigins: [site], isText: true, hasHandler: true) == .originNotAllowed)
        let opaque = WebFrame(isMainFrame: true, origin: nil)
        #expect(WebMessageAdmission.refusal(frame: opaque, allowedOrigins: [site], isText: true, hasHandler: true) == .originNotAllowed)
        #expect(WebMessageAdmission.refusal(frame: other, allowedOrigins: [], isText: true, hasHandler: true) == nil, "no list")
    }

    @Test func aNonTextBodyOrAnUnknownHandlerIsRefused() {
        let frame = WebFrame(isMainFrame: true, origin: site)
        #expect(WebMessageAdmission.refusal(frame: frame, allowedOrigins: [site], isText: false, hasHandler: true) == .notText)
        #expect(WebMessageAdmission.refusal(frame: frame, allowedOrigins: [site], isText: true, hasHandler: false) == .noHandler)
    }
}
