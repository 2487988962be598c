import Permit
import PermitServer
import Testing

@Suite struct CookieReportTests {
    let limits = ReportLimits()

    @Test func readsTheSeedsCookies() {
        let report = CookieReport.parse(
            header: "FCM_token=abc:DEF-123_x; p_Camera=yes; p_Notification=no; p_SpeechRecognition=yes; other=1",
            limits: limits)
        #expect(report == InstallationReport(
            installation: CookieReport.installationName(token: "abc:DEF-123_x"), token: "abc:DEF-123_x",
            states: ["camera": .granted, "notifications": .notUsable, "speechRecognition": .granted]))
    }

    @Test func theInstallationNameNeverShowsTheToken() {
        let name = CookieReport.installationName(token: "secret-token-value")
        #expect(name.hasPrefix("t-") && name.count == 34 && !name.contains("secret"))
    }

    @Test func installationAndPlatformCookiesAreRead() {
        let report = CookieReport.parse(header: "permit_installation=inst-1; permit_platform=android", limits: limits)
        #expect(report == InstallationReport(installation: "inst-1", platform: .android))
    }

    @Test func namesAreConfigurable() {
        var custom = ReportLimits()
        custom.tokenCookie = "push"
        custom.permissionPrefix = "perm_"
        let report = CookieReport.parse(header: "push=tok; perm_Camera=no; p_Camera=maybe", limits: custom)
        #expect(report?.token == "tok" && report?.states == ["camera": .notUsable])
    }

    @Test func noTokenAndNoInstallationIsNoReport() {
        #expect(CookieReport.parse(header: "p_Camera=yes; session=1", limits: limits) == nil)
    }

    /// A cookie Permit reads but cannot understand is ignored, and named; the header's other cookies are read.
    @Test(arguments: [
        ("FCM_token=a b", "malformed token cookie"),
        ("FCM_token=tok'; DROP", "malformed token cookie"),
        ("FCM_token=" + String(repeating: "a", count: 4_097), "malformed token cookie"),
        ("p_Camera=maybe", "malformed permission cookie"),
        ("permit_platform=windows", "unknown platform"),
    ])
    func aMalformedCookieIsIgnoredAndTheRestRead(cookie: String, reason: String) {
        let reading = CookieReport.read(header: "permit_installation=inst-1; \(cookie); p_Location=yes", limits: limits)
        #expect(reading.report == InstallationReport(installation: "inst-1", states: ["location": .granted]))
        #expect(reading.ignored == [reason])
    }

    @Test func aMalformedInstallationLeavesNoReport() {
        let reading = CookieReport.read(header: "permit_installation=x/y; FCM_token=tok; p_Camera=yes", limits: limits)
        #expect(reading.report == nil && reading.ignored == ["malformed installation cookie"])
    }

    @Test func anEmptyTokenIsNoToken() {
        let reading = CookieReport.read(header: "permit_installation=inst-1; FCM_token=", limits: limits)
        #expect(reading.report == InstallationReport(installation: "inst-1") && reading.ignored.isEmpty)
    }

    /// 8.5 KB of the site's own cookies was a 400; the header is the site's, and Permit's cookies in it are read.
    @Test func aLongHeaderOfTheSitesCookiesIsRead() {
        let site = (0..<85).map { "site\($0)=" + String(repeating: "v", count: 95) }.joined(separator: "; ")
        let header = site + "; FCM_token=tok; p_Camera=yes"
        #expect(header.utf8.count > 8_704)
        let reading = CookieReport.read(header: header, limits: limits)
        #expect(reading.report?.token == "tok" && reading.report?.states == ["camera": .granted] && reading.ignored.isEmpty)
    }

    @Test func aHeaderBeyondTheLimitIsNotRead() {
        let reading = CookieReport.read(header: "FCM_token=tok; x=" + String(repeating: "a", count: 70_000), limits: limits)
        #expect(reading.report == nil && reading.ignored.count == 1)
    }

    /// The site's own `p_…` cookies are not kinds, however many: 64 of them was a 400 ("too many kinds"), and
    /// `p_darkmode=yes` was counted as a kind.
    @Test func theSitesOwnPrefixedCookiesAreNotKinds() {
        let site = (0..<100).map { "p_Made\($0)=yes" }.joined(separator: "; ")
        let reading = CookieReport.read(header: "FCM_token=tok; p_darkmode=yes; \(site); p_Camera=no", limits: limits)
        #expect(reading.report?.states == ["camera": .notUsable] && reading.ignored.isEmpty)
    }

    @Test func everyBuiltInKindIsRead() {
        let header = "FCM_token=tok; " + PermissionKind.builtIn.map { "\($0.cookieName)=yes" }.joined(separator: "; ")
        let states = CookieReport.parse(header: header, limits: limits)?.states
        #expect(states == Dictionary(uniqueKeysWithValues: PermissionKind.builtIn.map { ($0.rawValue, ReportedState.granted) }))
    }

    @Test func aDeclaredKindIsRead() {
        var declaring = limits
        #expect(declaring.declareKinds("lidar, faceMask") == [])
        let report = CookieReport.parse(header: "FCM_token=tok; p_Lidar=yes; p_FaceMask=no; p_Sonar=yes", limits: declaring)
        #expect(report?.states == ["lidar": .granted, "faceMask": .notUsable])
        #expect(declaring.counts(kind: "lidar") && declaring.counts(kind: "camera") && !declaring.counts(kind: "sonar"))
        #expect(declaring.declareKinds("lidar,Bad-Name,ok") == ["Bad-Name"])
        #expect(declaring.declaredKinds.map(\.rawValue) == ["lidar", "faceMask"])
    }

    /// RFC 6265 allows a value in double quotes; yes and no are read in any case. A name is compared exactly:
    /// `P_CAMERA` or `fcm_token` is not Permit's cookie.
    @Test(arguments: [
        (#"p_Camera="yes""#, ReportedState?.some(.granted)),
        ("p_Camera=YES", .granted),
        (#"p_Camera="No""#, .notUsable),
        ("p_Camera = yes", .granted),
        ("p_Camera=\tno", .notUsable),
        ("P_CAMERA=yes", nil),
        ("p_camera=yes", nil),
    ])
    func quotedAndUpperCaseCookies(cookie: String, state: ReportedState?) {
        let reading = CookieReport.read(header: "FCM_token=tok; \(cookie)", limits: limits)
        #expect(reading.report?.states["camera"] == state && reading.ignored.isEmpty)
    }

    @Test func quotedTokenInstallationAndPlatform() {
        let report = CookieReport.parse(
            header: #"FCM_token="tok:1"; permit_installation="inst-1"; permit_platform="Android""#, limits: limits)
        #expect(report == InstallationReport(installation: "inst-1", token: "tok:1", platform: .android))
    }

    /// User agents send the cookie with the longest path first; of two with one name, the first is read.
    @Test func theFirstOfTwoCookiesWithOneNameIsRead() {
        let report = CookieReport.parse(header: "FCM_token=first; p_Camera=yes; FCM_token=second; p_Camera=no", limits: limits)
        #expect(report?.token == "first" && report?.states == ["camera": .granted])
    }

    @Test func pairsWithoutAnEqualsSignAndEmptyPairsArePassedOver() {
        let report = CookieReport.parse(header: ";; lonely; FCM_token=tok;;p_Camera=yes ;", limits: limits)
        #expect(report?.token == "tok" && report?.states == ["camera": .granted])
    }

    @Test func aSiteCookieThatOnlySharesThePrefixIsLeftAlone() throws {
        let report = try #require(CookieReport.parse(header: "FCM_token=tok; p_theme=dark; p_=x; p_Camera=yes", limits: limits))
        #expect(report.token == "tok")
        #expect(report.states == ["camera": .granted])
    }

    @Test func theAppKeyAcceptsOnlyItself() {
        let key = SecretKey("s3cret-key")
        #expect(key.accepts("s3cret-key"))
        #expect(!key.accepts("s3cret-kez") && !key.accepts("s3cret-key2") && !key.accepts("") && !key.accepts(nil))
        #expect(!SecretKey("").accepts(""))
    }

    /// The key followed by 256 bytes (or any multiple) was accepted: the length difference was folded into a
    /// byte. It is the native endpoint's key and the grant page's password.
    @Test(arguments: [1, 255, 256, 512, 65_536])
    func theKeyFollowedByMoreBytesIsRefused(extra: Int) {
        let key = SecretKey("s3cret-key")
        #expect(!key.accepts("s3cret-key" + String(repeating: "A", count: extra)))
        #expect(!key.accepts("s3cret-key" + String(repeating: "\u{0}", count: extra)))
    }
}
