import Permit

/// The rule on plain HTTP: `insecure-transport`.
///
/// An app whose specification says "HTTPS only, no listeners" should not carry the settings that let
/// it load over plain HTTP: in the Info.plist, App Transport Security's `NSAllowsArbitraryLoads`,
/// `NSAllowsArbitraryLoadsInWebContent`, `NSAllowsArbitraryLoadsForMedia`, `NSAllowsLocalNetworking`, and an
/// exception domain that allows insecure HTTP loads or a TLS version below 1.2; in the Android manifest,
/// `android:usesCleartextTraffic="true"` on `<application>`. App Review asks for a justification of each ATS
/// exception; Android's network security config, when the app has one, decides cleartext traffic per domain
/// and is named in the finding so that a person checks it.
enum TransportRules {
    static func findings(plist: InfoPlist) -> [LintFinding] {
        plist.transportSecurityExceptions.map { setting in
            LintFinding(
                rule: .insecureTransport, file: plist.file, key: setting,
                message: "\(setting) lets the app load over plain HTTP or outdated TLS: App Transport Security no longer "
                    + "protects those connections, and App Review asks for a justification",
                fix: "serve every host over HTTPS with TLS 1.2 or later and remove the exception from NSAppTransportSecurity")
        }
    }

    static func findings(android: AndroidManifest) -> [LintFinding] {
        guard let line = android.cleartextTrafficLine else { return [] }
        let config = android.networkSecurityConfig.map {
            "; the network security config \($0) may narrow it per domain, and takes precedence on Android 7 and later"
        } ?? ""
        return [
            LintFinding(
                rule: .insecureTransport, file: android.file, key: "android:usesCleartextTraffic",
                message: "<application> on line \(line) sets android:usesCleartextTraffic=\"true\": the app may send and "
                    + "receive plain HTTP\(config)",
                fix: "remove android:usesCleartextTraffic (false is the default from Android 9) and serve every host over HTTPS"),
        ]
    }
}
