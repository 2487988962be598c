import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import PermitWebKitGTK
import Testing

/// What `WebViewHost.setEnginePermission(_:granted:for:)` makes each engine do, with no bridge in the page:
/// the engine's own `getUserMedia`, `navigator.geolocation`, `Notification.requestPermission()` and
/// `navigator.permissions` follow the decision for the page's origin, and refuse what was never set. Where
/// WebKit differs (the Engines article), each engine's behaviour is asserted.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(2))) struct EnginePermissionTests {
    static let capture = """
        navigator.mediaDevices.getUserMedia({video: true})
          .then(stream => { stream.getTracks().forEach(t => t.stop()); return 'stream'; }, error => error.name)
        """

    static let position = """
        new Promise(resolve => navigator.geolocation.getCurrentPosition(() => resolve('position'), error => resolve(error.code)))
        """

    static func query(_ name: String) -> String {
        "navigator.permissions.query({name: '\(name)'}).then(status => status.state)"
    }

    @Test(arguments: Engine.available)
    func captureFollowsTheDecisionForThePagesOriginAndIsRefusedWhenNoneWasSet(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>page</p>"])
        let webView = world.webView
        try await webView.load(world.server.url("/"))
        let origin = try WebOrigin(world.server.origin)
        #expect(try await webView.evaluateJavaScript(Self.capture) == #""NotAllowedError""#)
        // A decision for another origin is not this page's.
        try await webView.setEnginePermission(.camera, granted: true, for: try WebOrigin("http://localhost:1"))
        #expect(try await webView.evaluateJavaScript(Self.capture) == #""NotAllowedError""#)
        try await webView.setEnginePermission(.camera, granted: true, for: origin)
        #expect(try await webView.evaluateJavaScript(Self.capture) == #""stream""#)
        #expect(try await webView.evaluateJavaScript(Self.query("camera")) == #""granted""#)
        try await webView.setEnginePermission(.camera, granted: false, for: origin)
        if engine.traits.keepsACaptureGrantForTheDocument {
            // WebKit does not ask again in a document it granted capture to: the denial holds from the next load.
            #expect(try await webView.evaluateJavaScript(Self.capture) == #""stream""#)
            try await webView.load(world.server.url("/"))
        }
        #expect(try await webView.evaluateJavaScript(Self.capture) == #""NotAllowedError""#)
        #expect(try await webView.evaluateJavaScript(Self.query("camera")) == #""denied""#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func geolocationFollowsTheDecisionForThePagesOrigin(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>page</p>"])
        let webView = world.webView
        try await webView.load(world.server.url("/"))
        let origin = try WebOrigin(world.server.origin)
        try await webView.setEnginePermission(.geolocation, granted: false, for: origin)
        if engine.traits.reportsCaptureDenialOnlyAfterARefusal {
            // WebKit says `prompt` for a denied geolocation until the page's own request has been refused.
            #expect(try await webView.evaluateJavaScript(Self.query("geolocation")) == #""prompt""#)
        }
        #expect(try await webView.evaluateJavaScript(Self.position) == "1")
        #expect(try await webView.evaluateJavaScript(Self.query("geolocation")) == #""denied""#)
        try await webView.setEnginePermission(.geolocation, granted: true, for: origin)
        #expect(try await webView.evaluateJavaScript(Self.query("geolocation")) == #""granted""#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func notificationRequestsFollowTheDecisionForThePagesOrigin(engine: Engine) async throws {
        let world = try await BrowserWorld.make(engine, pages: ["/": "<p>page</p>"])
        let webView = world.webView
        try await webView.load(world.server.url("/"))
        let origin = try WebOrigin(world.server.origin)
        #expect(try await webView.evaluateJavaScript("Notification.requestPermission()") == #""denied""#)
        try await webView.setEnginePermission(.notifications, granted: true, for: origin)
        if engine.traits.answersNotificationStateFromTheDecision {
            #expect(try await webView.evaluateJavaScript(Self.query("notifications")) == #""granted""#)
            #expect(try await webView.evaluateJavaScript("Notification.permission") == #""granted""#)
        } else {
            // WebKitGTK answers these from its web context's own list, never through `query-permission-state`:
            // only the page's request reaches the host. (With the bridge, the page sees native state.)
            #expect(try await webView.evaluateJavaScript(Self.query("notifications")) == #""prompt""#)
            #expect(try await webView.evaluateJavaScript("Notification.permission") == #""default""#)
        }
        // WebKitGTK refuses a request run from a test script by itself: no `permission-request` reaches the host
        // (seemingly for want of a user gesture). Chromium asks the decision.
        let expected = engine.traits.refusesNotificationRequestsWithoutAGesture ? #""denied""# : #""granted""#
        #expect(try await webView.evaluateJavaScript("Notification.requestPermission()") == expected)
        await world.tearDown()
    }

    static let located = """
        new Promise(resolve => navigator.geolocation.getCurrentPosition(
          p => resolve([p.coords.latitude, p.coords.longitude, p.coords.accuracy, p.timestamp].join(' ')),
          e => resolve('error ' + e.code + ' ' + e.message), {maximumAge: 0}))
        """

    /// WebKit's own geolocation, with no bridge in the page, gets the host's location provider's fix, or its
    /// failure; the permission still decides first.
    ///
    /// WebKit only: WebKitGTK's geolocation manager asks the host when a page starts asking, which is what lets
    /// the provider answer. Chromium's DevTools has no such moment: `Emulation.setGeolocationOverride` sets a
    /// position in advance, which the host would have to take from the provider before any page asked (on a
    /// device, a location request nobody made), so the Chromium host does not feed its engine's geolocation.
    /// What the page's `getCurrentPosition` gave: the fix as text, or the error's code and message.
    func locate(_ webView: any EngineWebView) async throws -> String {
        try await webView.evaluateJavaScript(Self.located) ?? "undefined"
    }

    @Test(.enabled(if: Engine.available.contains(.webkit), "WebKitGTK with Xvfb is not installed"))
    func webKitsOwnGeolocationAnswersFromTheLocationProvider() async throws {
        // The provider is one for the process (WebKit's one geolocation manager); no other test sets it.
        let fix = LocationFix(latitude: 59.3293, longitude: 18.0686, accuracy: 12, timestamp: Date(timeIntervalSince1970: 1_700_000_123))
        let location = SimulatedLocation(fix: fix)
        WebKitGTKWebView.locationProvider = location
        defer { WebKitGTKWebView.locationProvider = nil }
        let world = try await BrowserWorld.make(.webkit, pages: ["/": "<p>page</p>"])
        let webView = world.webView
        try await webView.load(world.server.url("/"))
        let origin = try WebOrigin(world.server.origin)

        try await webView.setEnginePermission(.geolocation, granted: true, for: origin)
        #expect(try await locate(webView) == #""59.3293 18.0686 12 1700000123000""#)
        #expect(location.requestCount == 1)

        // The device moved: the next request asks again.
        location.setFix(LocationFix(latitude: -33.8688, longitude: 151.2093, accuracy: 30, timestamp: Date(timeIntervalSince1970: 1_700_000_456)))
        #expect(try await locate(webView) == #""-33.8688 151.2093 30 1700000456000""#)
        #expect(location.requestCount == 2)

        location.setFailure(LocationError.unavailable.withDetail("no satellites in view"))
        #expect(
            try await locate(webView)
                == #""error 2 the location could not be determined: no satellites in view""#)

        WebKitGTKWebView.locationProvider = nil
        #expect(
            try await locate(webView)
                == #""error 2 no location provider is set (WebKitGTKWebView.locationProvider)""#)

        // Denied (from the next document on: WebKit keeps a document's answer): refused, the provider not asked.
        WebKitGTKWebView.locationProvider = location
        try await webView.setEnginePermission(.geolocation, granted: false, for: origin)
        try await webView.load(world.server.url("/"))
        #expect(try await locate(webView).hasPrefix(#""error 1"#))
        #expect(location.requestCount == 3)
        await world.tearDown()
    }
}
