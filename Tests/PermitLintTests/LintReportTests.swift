import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct LintReportTests {
    @Test func theJSONShapeIsFindingsWithSeverityRuleFileKeyMessageAndFix() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "MissingKeys-Info.plist", android: "Creep-AndroidManifest.xml")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any]
        #expect(object?.keys.sorted() == ["findings"])
        let findings = try #require(object?["findings"] as? [[String: String]])
        #expect(findings.count == report.findings.count && findings.count == 5)
        for finding in findings {
            #expect(finding.keys.sorted() == ["file", "fix", "key", "message", "rule", "severity"])
        }
        #expect(
            findings[0] == [
                "severity": "error", "rule": "missing-purpose-key", "file": "InfoPlist/MissingKeys-Info.plist",
                "key": "NSLocationWhenInUseUsageDescription", "message": report.findings[0].message,
                "fix": report.findings[0].fix,
            ])
        #expect(findings.map { $0["severity"] } == ["error", "error", "warning", "warning", "warning"])
    }

    @Test func findingsAreOrderedByRule() {
        let late = LintFinding(rule: .androidMissingPermission, file: "A", key: "k", message: "m", fix: "f")
        let early = LintFinding(rule: .missingPurposeKey, file: "B", key: "k", message: "m", fix: "f")
        let middle = LintFinding(rule: .purposeVague, file: "C", key: "k", message: "m", fix: "f")
        #expect(LintReport(findings: [late, middle, early]).findings == [early, middle, late])
        #expect(LintReport(findings: [middle]).hasErrors == false)
        #expect(LintReport(findings: [middle, late]).hasErrors)
    }

    @Test func everyRuleHasAUniqueIdentifierAndIsFoundByIt() {
        #expect(Set(LintRule.all.map(\.id)).count == LintRule.all.count)
        for rule in LintRule.all {
            #expect(LintRule(id: rule.id) == rule)
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" })
        }
        #expect(LintRule(id: "no-such-rule") == nil)
        #expect(
            LintRule.all.filter { $0.severity == .error }.map(\.id) == [
                "missing-purpose-key", "bonjour-service-missing", "primer-label-prompt-words", "primer-way-around",
                "full-accuracy-key-missing", "module-kind-undeclared", "privacy-user-defaults", "entitlement-missing", "entitlement-claim-unbacked",
                "android-missing-permission",
            ])
        #expect(LintRule.all.allSatisfy { !$0.help.isEmpty && !$0.summary.isEmpty })
    }

    @Test func aFindingReadsLikeACompilerDiagnostic() {
        let finding = LintFinding(
            rule: .undeclaredPurposeKey, file: "App/Info.plist", key: "NSContactsUsageDescription",
            message: "NSContactsUsageDescription is the purpose key of contacts, which the manifest does not declare",
            fix: "remove it")
        #expect(
            finding.description
                == "App/Info.plist: warning: NSContactsUsageDescription is the purpose key of contacts, which the manifest does not declare [undeclared-purpose-key]")
        let voice = LintFinding(rule: .purposeTooShort, file: "m.json", key: "camera", message: "too short", fix: "f")
        #expect(voice.description == "m.json: warning: camera: too short [purpose-too-short]")
    }

    @Test func deploymentTargetsParseAndOrder() {
        #expect(DeploymentTarget("16") == DeploymentTarget(major: 16))
        #expect(DeploymentTarget("16.4.1") == DeploymentTarget(major: 16, minor: 4))
        #expect(DeploymentTarget("17.0")! > DeploymentTarget("16.4")!)
        for bad in ["", "x", "16.", "0", "16.-1", "1.2.3.4"] { #expect(DeploymentTarget(bad) == nil, "\(bad)") }
    }
}

/// The `permit generate` command a fix names runs as printed: it names the manifest, and quotes a path a shell
/// would split.
@Suite struct GenerateCommandTests {
    @Test func theCommandNamesTheManifestAndQuotesWhatAShellWouldSplit() {
        let command = GenerateCommand(manifestFile: "Config/permissions.json", sources: "App/Sources")
        #expect(
            command.writesIt("--info-plist", update: "App/Info.plist")
                == "`permit generate --manifest Config/permissions.json --info-plist --sources App/Sources --update App/Info.plist` writes it")
        // Only the Info.plist's generation reads the sources.
        #expect(
            command.writesIt("--privacy-manifest", update: "App/PrivacyInfo.xcprivacy")
                == "`permit generate --manifest Config/permissions.json --privacy-manifest --update App/PrivacyInfo.xcprivacy` writes it")
        #expect(
            GenerateCommand(manifestFile: "My App/permissions.json").writesIt("--android-manifest", update: "it's/A.xml")
                == #"`permit generate --manifest 'My App/permissions.json' --android-manifest --update 'it'\''s/A.xml'` writes it"#)
        #expect(GenerateCommand.quoted("$(rm -rf ~)") == "'$(rm -rf ~)'")
    }
}
