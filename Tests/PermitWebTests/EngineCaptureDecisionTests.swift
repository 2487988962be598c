import PermitWeb
import Testing
import PermitHostSupport

/// The `WKWebView` host's answer to a page's `getUserMedia`, modelled on WebKit's media-capture delegate call
/// (Apple, "webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)", iOS 15): one call
/// per request with the type camera, microphone or both, answered `.grant`, `.deny` or `.prompt` (WebKit's own
/// prompt). A bridged page must never see WebKit's prompt; any other page is left to the app.
@Suite struct EngineCaptureDecisionTests {
    let site = try! WebOrigin("https://app.example.com")

    func decide(
        _ needs: [WebEnginePermission], from origin: WebOrigin?, set table: [WebEnginePermission: Bool]
    ) -> EngineCaptureDecision {
        EngineCaptureDecision.decide(origin: origin, needs: needs) { permission, asked in
            asked == site ? table[permission] : nil
        }
    }

    @Test func aBridgedPageGetsTheNativeAnswer() {
        #expect(decide([.camera], from: site, set: [.camera: true]) == .grant)
        #expect(decide([.camera], from: site, set: [.camera: false]) == .deny)
    }

    @Test func cameraAndMicrophoneNeedBoth() {
        #expect(decide([.camera, .microphone], from: site, set: [.camera: true, .microphone: true]) == .grant)
        #expect(decide([.camera, .microphone], from: site, set: [.camera: true, .microphone: false]) == .deny)
        #expect(decide([.camera, .microphone], from: site, set: [.camera: true]) == .deny, "one never set is not granted")
    }

    @Test func aPageTheBridgeSetNothingForIsLeftToTheApp() {
        let other = try! WebOrigin("https://other.example.org")
        #expect(decide([.camera], from: other, set: [.camera: true]) == .notBridged)
        #expect(decide([.microphone], from: site, set: [.camera: true]) == .notBridged, "nothing set for the microphone")
    }

    @Test func aFrameWithoutAnOriginIsDenied() {
        #expect(decide([.camera], from: nil, set: [.camera: true]) == .deny)
    }
}
