import Foundation
import Permit
import Testing

@testable import PermitLint

/// Issue 34: an app's primer texts in the manifest, and the translations of a primer's continue label, checked as
/// App Review does (5.1.1(iv)): a neutral label, no way around the system prompt, a message that states the purpose.
@Suite struct PrimerRulesTests {
    private func lint(_ manifest: String, localizations: String? = nil) throws -> LintReport {
        PermissionLinter().lint(
            LintInputs(
                manifest: try Fixture.manifest(manifest), manifestFile: "Manifests/\(manifest)",
                localizations: try localizations.map { try PurposeLocalizations(contentsOf: Fixture.url("Localizations/\($0)")) }))
    }

    @Test func neutralLabelsAndTheirTranslationsPass() throws {
        let report = try lint("primers-neutral.json")
        #expect(report.isClean, "\(report.findings)")
        for label in ["Continue", "Next", "Weiter", "Suivant", "Continuar", "次へ", "Continue →"] {
            #expect(PrimerWording.isNeutral(label), "\(label)")
        }
    }

    @Test func theManifestsPrimerTextsAreWhatThePrimerShows() throws {
        let manifest = try Fixture.manifest("primers-neutral.json")
        let location = Primer(for: try #require(manifest.declaration(for: .location)))
        #expect(location.title == "Where you were")
        #expect(location.continueLabel == "Next")
        #expect(location.message.hasPrefix("AshTrail adds the place"))
        let camera = Primer(for: try #require(manifest.declaration(for: .camera)))
        #expect(camera.continueLabel == "Continue")
        #expect(camera.message == "AshTrail scans the receipts you photograph to fill in a log entry.")
    }

    @Test func labelsThatGrantOfferAWayAroundOrAreNotNeutralAreReported() throws {
        let report = try lint("primers-rejected.json")
        #expect(
            report.ruleIDs == [
                "purpose-vague", "primer-label-prompt-words", "primer-label-not-neutral", "primer-way-around",
                "primer-way-around",
            ])
        #expect(report.keys(.purposeVague) == ["photos primer message"])
        #expect(report.keys(.primerLabelPromptWords) == ["location"])
        #expect(report.keys(.primerLabelNotNeutral) == ["microphone"])
        #expect(report.keys(.primerWayAround) == ["camera", "contacts"])
        let grant = try #require(report.findings.first { $0.rule == .primerLabelPromptWords })
        #expect(grant.severity == .error)
        #expect(grant.message.contains("\"Allow Location\", says \"allow\""))
        let ways = report.findings.filter { $0.rule == .primerWayAround }
        #expect(ways.map(\.severity) == [.error, .error])
        #expect(ways[0].message.contains("offers \"maybe later\""))
        #expect(ways[1].message.hasPrefix("the primer message of the contacts primer"))
        #expect(ways[1].message.contains("offers \"not now\""))
        #expect(report.hasErrors)
    }

    @Test func translationsOfTheContinueLabelAreChecked() throws {
        let report = try lint("primers-neutral.json", localizations: "Primers")
        // es (the String Catalog) and fr translate "Continue" as the grant; de, it and ja translate it neutrally.
        // The Localizable tables hold no purpose strings, so purpose-not-localized has nothing to say of them.
        #expect(report.ruleIDs == ["primer-label-prompt-words", "primer-label-prompt-words"])
        #expect(report.findings.map(\.key) == ["Continue", "Continue"])
        #expect(report.findings[0].file.hasSuffix("Localizations/Primers/Localizable.xcstrings"))
        #expect(report.findings[0].message.hasPrefix("the es translation of the continue label \"Continue\" of the camera primer"))
        #expect(report.findings[1].file.hasSuffix("Localizations/Primers/fr.lproj/Localizable.strings"))
        #expect(report.findings[1].message.contains("\"Autoriser\", says \"autoriser\""))
    }

    @Test func aPrimerWithoutTextsIsCheckedOnlyWhenItIsShown() throws {
        let manifest = try PermissionManifest([
            PermissionDeclaration(
                kind: .camera, necessity: .optional, purpose: "Scans the receipts you photograph.", showsPrimer: false)
        ])
        let localizations = try PurposeLocalizations(contentsOf: Fixture.url("Localizations/Primers"))
        let report = PermissionLinter().lint(LintInputs(manifest: manifest, manifestFile: "m", localizations: localizations))
        #expect(report.isClean, "\(report.findings)")
    }
}

/// A required permission that offers Settings once ever leaves a person who missed the offer with a broken app.
@Suite struct InformsOnceRuleTests {
    private func lint(_ json: String) throws -> LintReport {
        PermissionLinter().lint(
            LintInputs(manifest: try PermissionManifest(json: Data(json.utf8)), manifestFile: "permissions.json"))
    }

    @Test func aRequiredPermissionThatInformsOnceIsAWarningAnOptionalOneIsNot() throws {
        let report = try lint("""
            {"version": 1, "permissions": [
              {"kind": "camera", "necessity": "required", "purpose": "Scans the receipts you photograph.", "informsOnce": true},
              {"kind": "notifications", "necessity": "optional", "purpose": "Sends the reminders you turn on.", "informsOnce": true},
              {"kind": "location", "necessity": "required", "purpose": "Adds where you were to a log entry."}
            ]}
            """)
        #expect(report.ruleIDs == ["informs-once-required"])
        let finding = try #require(report.findings.first)
        #expect(finding.key == "camera" && finding.rule.severity == .warning)
        #expect(finding.message.contains("once ever"))
    }
}
