import Permit

/// The rule on plain HTTP: `insecure-transport`.
///
/// An app whose specification says "HTTPS only, no listeners" should not carry the settings that let
/// it load over plain HTTP: in the Info.plist, App Transport Security's `NSAllowsArbitraryLoads`,
/// `NSAllowsArbitraryLoadsInWebContent`, `NSAllowsArbitraryLoadsForMedia`, and an exception domain that allows
/// insecure HTTP loads or a TLS version below 1.2 (`NSAllowsLocalNetworking` is not reported: App Review asks no
/// justification for it); in the Android manifest,
/// `android:usesCleartextTraffic="true"` on `<application>`, and in the network security config it names a
/// `<base-config>` or `<domain-config>` with `cleartextTrafficPermitted="true"`. App Review asks for a
/// justification of each ATS exception.
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
        var findings: [LintFinding] = []
        if let line = android.cleartextTrafficLine {
            let config =
                if let read = android.networkSecurity {
                    "; from Android 7 the network security config \(read.file) decides instead"
                } else if let named = android.networkSecurityConfig {
                    "; from Android 7 the network security config \(named) decides instead (not read: it is not in "
                        + "res/xml beside the manifest)"
                } else {
                    ""
                }
            findings.append(
                LintFinding(
                    rule: .insecureTransport, file: android.file, key: "android:usesCleartextTraffic",
                    message: "<application> on line \(line) sets android:usesCleartextTraffic=\"true\": the app may send "
                        + "and receive plain HTTP\(config)",
                    fix: "remove android:usesCleartextTraffic (false is the default from Android 9) and serve every host "
                        + "over HTTPS"))
        }
        guard let config = android.networkSecurity else { return findings }
        if let line = config.baseConfigLine {
            findings.append(
                LintFinding(
                    rule: .insecureTransport, file: config.file, key: "base-config",
                    message: "<base-config> on line \(line) sets cleartextTrafficPermitted=\"true\": every domain may be "
                        + "reached over plain HTTP",
                    fix: "remove cleartextTrafficPermitted from <base-config> and serve every host over HTTPS"))
        }
        for entry in config.cleartextDomains {
            let domains = entry.domains.isEmpty ? "no domain" : entry.domains.joined(separator: ", ")
            findings.append(
                LintFinding(
                    rule: .insecureTransport, file: config.file, key: "domain-config:\(entry.domains.joined(separator: ","))",
                    message: "<domain-config> on line \(entry.line) sets cleartextTrafficPermitted=\"true\" for "
                        + "\(domains): those hosts may be reached over plain HTTP",
                    fix: "serve \(domains) over HTTPS and remove cleartextTrafficPermitted, or keep it only for a host "
                        + "that cannot do TLS (a device on the local network)"))
        }
        return findings
    }
}
