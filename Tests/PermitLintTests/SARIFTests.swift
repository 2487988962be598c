import Foundation
import Permit
import Testing

@testable import PermitLint

/// Issue 34: `permit lint --format sarif`, for GitHub code scanning.
///
/// The SARIF 2.1.0 schema is not vendored here: the one copy at hand came from a source whose terms keep its text
/// out of this repository. ``SARIFStructure`` checks instead what the schema says of every object the writer
/// emits (their allowed and required properties, the enumerations of `level` and `columnKind`, the `uri-reference`
/// format of a URI), from the schema's definitions of `sarifLog`, `run`, `tool`, `toolComponent`,
/// `reportingDescriptor`, `reportingConfiguration`, `multiformatMessageString`, `result`, `message`, `location`,
/// `physicalLocation`, `artifactLocation` and `logicalLocation`. It is a structural check, not a schema validation.
@Suite struct SARIFTests {
    private func sarif(_ report: LintReport) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: report.sarifData()) as? [String: Any])
    }

    @Test func aFailingFixturesLogHasTheRulesTheResultsAndTheFiles() throws {
        let report = try Fixture.lint(
            "ashtrail.json", infoPlist: "MissingKeys-Info.plist", android: "Creep-AndroidManifest.xml")
        #expect(report.hasErrors)
        let log = try sarif(report)
        #expect(SARIFStructure.problems(in: log) == [])

        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "permit lint")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.all.map(\.id))
        let copied = try #require(rules.first { $0["id"] as? String == "purpose-copied" })
        #expect((copied["help"] as? [String: Any])?["text"] as? String == LintRule.purposeCopied.help)
        #expect((copied["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count)
        for (result, finding) in zip(results, report.findings) {
            #expect(result["ruleId"] as? String == finding.rule.id)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding.rule.id)
            #expect(result["level"] as? String == finding.severity.rawValue)
            let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
            #expect(text.contains(finding.message) && text.hasSuffix("Fix: \(finding.fix)."))
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let artifact = (location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
            #expect(artifact?["uri"] as? String == finding.file)
            #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
            #expect((location["logicalLocations"] as? [[String: Any]])?.first?["name"] as? String == finding.key)
        }
        #expect(results.contains { $0["ruleId"] as? String == "missing-purpose-key" && $0["level"] as? String == "error" })
        #expect(results.contains { $0["ruleId"] as? String == "android-undeclared-permission" })
    }

    @Test func aLocationStartsAtTheLineThatNamesTheKeyWhenTheFileIsGiven() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "Copied-Info.plist")
        #expect(report.ruleIDs == ["purpose-mismatch", "purpose-copied"])
        let log = try #require(
            JSONSerialization.jsonObject(with: report.sarifData { try? Fixture.text($0) }) as? [String: Any])
        #expect(SARIFStructure.problems(in: log) == [])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let regions = results.map {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any])?["startLine"] as? Int
        }
        #expect(regions == [6, 6])  // <key>NSCameraUsageDescription</key> in Copied-Info.plist
        let unread = try #require(JSONSerialization.jsonObject(with: report.sarifData()) as? [String: Any])
        #expect(String(describing: unread).contains("startLine") == false)
    }

    @Test func theLineOfAKeyIsFoundByItsNameItsLastKeyOrItsKind() {
        func finding(_ key: String) -> LintFinding {
            LintFinding(rule: .insecureTransport, file: "f", key: key, message: "m", fix: "f")
        }
        let plist = "<dict>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSAllowsArbitraryLoads</key>\n"
        #expect(finding("NSAppTransportSecurity.NSAllowsArbitraryLoads").line(in: plist) == 4)
        let manifest = "{\n  \"permissions\": [\n    {\"kind\": \"photos\", \"primerText\": {}}\n"
        #expect(finding("photos primer message").line(in: manifest) == 3)
        #expect(finding("photos").line(in: manifest) == 3)
        #expect(finding("camera").line(in: manifest) == nil)
    }

    @Test func pathsBecomeURIReferences() throws {
        let findings = ["App Folder/Info.plist", "/builds/x y/Info.plist"].map {
            LintFinding(rule: .duplicateKey, file: $0, key: "CFBundleName", message: "m", fix: "f")
        }
        let log = try sarif(LintReport(findings: findings))
        #expect(SARIFStructure.problems(in: log) == [])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let artifacts = results.map {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any]) ?? [:]
        }
        #expect(artifacts[0]["uri"] as? String == "App%20Folder/Info.plist")
        #expect(artifacts[0]["uriBaseId"] as? String == "%SRCROOT%")
        #expect(artifacts[1]["uri"] as? String == "file:///builds/x%20y/Info.plist")
        #expect(artifacts[1]["uriBaseId"] == nil)
    }

    @Test func aCleanReportIsALogWithNoResults() throws {
        let log = try sarif(LintReport(findings: []))
        #expect(SARIFStructure.problems(in: log) == [])
        #expect(log["version"] as? String == "2.1.0")
        #expect(((log["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
    }

    @Test func theStructuralCheckFindsAnUnknownPropertyAndAMissingOne() {
        let broken: [String: Any] = [
            "version": "2.1.0",
            "runs": [["tool": ["driver": ["rules": []]], "results": [["level": "fatal", "extra": 1]]]],
        ]
        #expect(
            SARIFStructure.problems(in: broken) == [
                "runs[0].results[0]: unknown property extra",
                "runs[0].results[0]: missing message",
                "runs[0].results[0].level: \"fatal\" is not one of none, note, warning, error",
                "runs[0].tool.driver: missing name",
            ])
    }
}
