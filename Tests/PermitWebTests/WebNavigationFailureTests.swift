import PermitWeb
import Testing
import PermitHostSupport

/// Which failed navigations reach the app's `WebKitWebViewDelegate`, modelled on the errors WebKit reports to
/// `webView(_:didFailProvisionalNavigation:withError:)`: `NSURLErrorCancelled`, -999 (Apple,
/// "NSURLErrorCancelled": "An asynchronous load has been canceled"), when a navigation is replaced before it
/// commits; and `WebKitErrorFrameLoadInterruptedByPolicyChange`, 102 in `WebKitErrorDomain` (declared in the
/// `WebKitErrors.h` of WebKit's legacy API, which `WKError` does not name), when the navigation policy answered
/// `.cancel` (as the host does for every link it hands to the system) or `.download`.
@Suite struct WebNavigationFailureTests {
    @Test func aCancelledOrPolicyInterruptedLoadIsNotReported() {
        #expect(!WebNavigationFailure.isReported(domain: "NSURLErrorDomain", code: -999))
        #expect(!WebNavigationFailure.isReported(domain: "WebKitErrorDomain", code: 102))
    }

    @Test(arguments: [("NSURLErrorDomain", -1009), ("NSURLErrorDomain", -1001), ("NSURLErrorDomain", -1202),
                      ("WebKitErrorDomain", 101), ("WKErrorDomain", 102)])
    func realFailuresAreReported(domain: String, code: Int) {
        #expect(WebNavigationFailure.isReported(domain: domain, code: code))
    }
}
