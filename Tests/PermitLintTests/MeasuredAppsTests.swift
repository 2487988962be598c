import Foundation
import Permit
import Testing

@testable import PermitLint

/// Issue 20, section 3: what the linter got wrong on shipping apps, each case with its own fixture.
@Suite struct MeasuredAppsTests {
    // MARK: - Purpose texts

    @Test func aShortTextThatSaysWhatTheAppDoesPasses() throws {
        let report = try Fixture.lint("qr-scanner.json")
        #expect(report.isClean, "\(report.findings)")
        let rules = PurposeStringRules()
        #expect(rules.findings(in: "Scans receipts.", file: "f", key: "k").map(\.rule) == [.purposeTooShort])
    }

    @Test func aBracketedNoteIsAPlaceholder() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "Bracketed-Info.plist")
        #expect(report.keys(.purposePlaceholder) == ["NSCameraUsageDescription"])
        let finding = try #require(report.findings.first { $0.rule == .purposePlaceholder })
        #expect(finding.message.contains("\"[localized in strings file]\""))
    }

    @Test func aTextCopiedFromAnotherKindIsReported() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "Copied-Info.plist")
        #expect(report.keys(.purposeCopied) == ["NSCameraUsageDescription"])
        let finding = try #require(report.findings.first { $0.rule == .purposeCopied })
        #expect(finding.message.contains("says the same as the manifest's purpose for location"))
        #expect(finding.severity == .warning)
    }

    @Test func theKeysOfOneKindMayShareATextAndAFixtureWithOwnTextsHasNoCopy() throws {
        #expect(try Fixture.lint("ashtrail.json", infoPlist: "AshTrail-Info.plist").keys(.purposeCopied).isEmpty)
        let text = "Shows your delivery slots next to the events already in your day."
        let plist = try InfoPlist(
            data: Data(InfoPlistRulesTests.plist(["NSCalendarsFullAccessUsageDescription": text, "NSCalendarsUsageDescription": text]).utf8),
            file: "Info.plist")
        let manifest = try PermissionManifest([PermissionDeclaration(kind: .calendar, necessity: .optional, purpose: text)])
        let report = PermissionLinter().lint(LintInputs(manifest: manifest, manifestFile: "m", infoPlist: plist))
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func aBuildVariableIsNotASpecificWord() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "BuildVariable-Info.plist")
        #expect(report.keys(.purposeVague) == ["NSCameraUsageDescription"])
        #expect(report.keys(.purposePlaceholder).isEmpty)  // Xcode expands it in an Info.plist
        #expect(PurposeStringRules.withoutBuildSettings("$(A) b ${C} d $(E") == "  b   d ")
    }

    @Test func theTextsOfKindsTheManifestDoesNotDeclareAreJudgedToo() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "OtherKinds-Info.plist")
        #expect(
            report.keys(.undeclaredPurposeKey) == [
                "NFCReaderUsageDescription", "NSFaceIDUsageDescription", "NSHealthShareUsageDescription",
                "NSLocalNetworkUsageDescription", "NSSiriUsageDescription",
            ])
        // NSWorldSensingUsageDescription is unknown to PermitLint's table: its text is judged all the same.
        #expect(report.keys(.purposePlaceholder) == ["NSFaceIDUsageDescription", "NSWorldSensingUsageDescription"])
        #expect(
            report.keys(.purposeVague) == [
                "NFCReaderUsageDescription", "NSHealthShareUsageDescription", "NSLocalNetworkUsageDescription",
                "NSSiriUsageDescription",
            ])
        #expect(!report.keys(.purposeTooShort).contains("NSCameraUsageDescription"))
    }

    // MARK: - Transport

    @Test func appTransportSecurityExceptionsAreReported() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "ArbitraryLoads-Info.plist")
        #expect(
            report.keys(.insecureTransport) == [
                "NSAppTransportSecurity.NSAllowsArbitraryLoads",
                "NSAppTransportSecurity.NSExceptionDomains.legacy.example.com.NSExceptionAllowsInsecureHTTPLoads",
                "NSAppTransportSecurity.NSExceptionDomains.legacy.example.com.NSExceptionMinimumTLSVersion",
            ])
        #expect(report.findings.allSatisfy { $0.rule == .insecureTransport && $0.severity == .warning })
        #expect(try Fixture.lint("ashtrail.json", infoPlist: "AshTrail-Info.plist").keys(.insecureTransport).isEmpty)
    }

    @Test func androidCleartextTrafficIsReportedWithItsNetworkSecurityConfig() throws {
        let report = try Fixture.lint("ashtrail.json", android: "Cleartext-AndroidManifest.xml")
        #expect(report.keys(.insecureTransport) == ["android:usesCleartextTraffic"])
        let finding = try #require(report.findings.first)
        #expect(finding.message.contains("<application> on line 20"))
        #expect(finding.message.contains("@xml/network_security_config"))
        #expect(try Fixture.lint("ashtrail.json", android: "AshTrail-AndroidManifest.xml").isClean)
    }

    /// Lints `ashtrail.json` against the Android manifest at `path` under Fixtures, read from its file so that
    /// the network security config beside it is read too.
    private func lintAndroidFile(_ path: String) throws -> LintReport {
        let linter = PermissionLinter()
        return linter.lint(
            LintInputs(
                manifest: try Fixture.manifest("ashtrail.json"), manifestFile: "Manifests/ashtrail.json",
                androidManifest: try AndroidManifest(contentsOf: Fixture.url(path))))
    }

    @Test func aNetworkSecurityConfigIsReadAndEachCleartextDomainConfigReported() throws {
        let report = try lintAndroidFile("Android/NetworkConfig/AndroidManifest.xml")
        // The base-config forbids cleartext, the nested config inherits its parent's (reported once with it), the
        // other nested one and the last config do not permit it.
        #expect(report.keys(.insecureTransport) == ["domain-config:legacy.example.com,192.168.1.10"])
        let finding = try #require(report.findings.first)
        #expect(finding.file.hasSuffix("NetworkConfig/res/xml/network_security_config.xml"))
        #expect(finding.message.contains("line 4"))
        #expect(finding.message.contains("legacy.example.com, 192.168.1.10"))
        #expect(finding.severity == .warning)
    }

    @Test func aBaseConfigThatPermitsCleartextIsReportedBesideTheManifestAttribute() throws {
        let report = try lintAndroidFile("Android/OpenConfig/AndroidManifest.xml")
        #expect(report.keys(.insecureTransport) == ["android:usesCleartextTraffic", "base-config"])
        let attribute = try #require(report.findings.first)
        #expect(attribute.message.contains("network_security_config.xml decides instead"))
        #expect(report.findings[1].message.contains("<base-config> on line 3"))
    }

    @Test func aConfigNamedButNotBesideTheManifestIsSaidNotRead() throws {
        let report = try Fixture.lint("ashtrail.json", android: "Cleartext-AndroidManifest.xml")
        #expect(report.findings.first?.message.contains("not read") == true)
    }

    @Test func aMalformedNetworkSecurityConfigIsRejectedWithItsFile() throws {
        let error = lintError {
            _ = try NetworkSecurityConfig(data: Data("<manifest/>".utf8), file: "res/xml/bad.xml")
        }
        #expect(error?.description.contains("res/xml/bad.xml") == true)
        #expect(error?.description.contains("network-security-config") == true)
        #expect(NetworkSecurityConfig.resourcePath(for: "@xml/network_security_config") == "res/xml/network_security_config.xml")
        #expect(NetworkSecurityConfig.resourcePath(for: "@raw/config") == nil)
        #expect(NetworkSecurityConfig.resourcePath(for: "@xml/../../etc") == nil)
    }

    @Test func theRuleCanBeTurnedOff() throws {
        var configuration = LintConfiguration()
        configuration.disabledRules = [.insecureTransport]
        let report = try Fixture.lint("ashtrail.json", infoPlist: "ArbitraryLoads-Info.plist", configuration: configuration)
        #expect(report.isClean, "\(report.findings)")
    }
}
