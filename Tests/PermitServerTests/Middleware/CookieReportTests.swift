import PermitServer
import Testing

@Suite struct CookieReportTests {
    let limits = ReportLimits()

    @Test func readsTheSeedsCookies() throws {
        let report = try CookieReport.parse(
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

    @Test func installationAndPlatformCookiesAreRead() throws {
        let report = try CookieReport.parse(header: "permit_installation=inst-1; permit_platform=android", limits: limits)
        #expect(report == InstallationReport(installation: "inst-1", platform: .android))
    }

    @Test func namesAreConfigurable() throws {
        var custom = ReportLimits()
        custom.tokenCookie = "push"
        custom.permissionPrefix = "perm_"
        let report = try CookieReport.parse(header: "push=tok; perm_Camera=no; p_Camera=maybe", limits: custom)
        #expect(report?.token == "tok" && report?.states == ["camera": .notUsable])
    }

    @Test func noTokenAndNoInstallationIsNoReport() throws {
        #expect(try CookieReport.parse(header: "p_Camera=yes; session=1", limits: limits) == nil)
    }

    @Test(arguments: [
        "FCM_token=a b",
        "FCM_token=",
        "FCM_token=tok'; DROP",
        "FCM_token=" + String(repeating: "a", count: 4_097),
        "FCM_token=tok; p_Camera=maybe",
        "permit_installation=x/y",
        "permit_platform=windows",
        "x=" + String(repeating: "a", count: 8_200),
    ])
    func malformedOrOversizedCookiesAreRefused(header: String) {
        #expect(throws: ServerError.badRequest) { try CookieReport.parse(header: header, limits: limits) }
    }

    @Test func aSiteCookieThatOnlySharesThePrefixIsLeftAlone() throws {
        let report = try #require(try CookieReport.parse(header: "FCM_token=tok; p_theme=dark; p_=x; p_Camera=yes", limits: limits))
        #expect(report.token == "tok")
        #expect(report.states == ["camera": .granted])
    }

    @Test func theAppKeyAcceptsOnlyItself() {
        let key = AppKey("s3cret-key")
        #expect(key.accepts("s3cret-key"))
        #expect(!key.accepts("s3cret-kez") && !key.accepts("s3cret-key2") && !key.accepts("") && !key.accepts(nil))
        #expect(!AppKey("").accepts(""))
    }

    /// The key followed by 256 bytes (or any multiple) was accepted: the length difference was folded into a
    /// byte. It is the native endpoint's key and the grant page's password.
    @Test(arguments: [1, 255, 256, 512, 65_536])
    func theKeyFollowedByMoreBytesIsRefused(extra: Int) {
        let key = AppKey("s3cret-key")
        #expect(!key.accepts("s3cret-key" + String(repeating: "A", count: extra)))
        #expect(!key.accepts("s3cret-key" + String(repeating: "\u{0}", count: extra)))
    }
}
