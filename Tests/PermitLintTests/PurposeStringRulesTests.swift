import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct PurposeStringRulesTests {
    static let goodTexts = [
        "AshTrail adds where you were to a log entry when you ask it to.",
        "AshTrail sends the daily summaries and streak reminders you turn on.",
        "Zoobox needs your location to show nearby services and enable deliveries.",
        "Zoobox needs camera access to scan QR codes and upload documents.",
        "The app records during the night to detect snoring sounds.",
        "Scans the receipts you photograph.",
    ]

    @Test(arguments: goodTexts)
    func aSpecificSentencePasses(text: String) {
        #expect(PurposeStringRules().findings(in: text, file: "m.json", key: "camera").isEmpty)
    }

    @Test func everyPurposeInTheFixtureManifestsPasses() throws {
        for name in ["ashtrail.json", "every-kind.json", "calendar-ios17.json"] {
            let report = try Fixture.lint(name)
            #expect(report.isClean, "\(name): \(report.findings)")
        }
    }

    struct Weak: Sendable, CustomTestStringConvertible {
        let text: String
        let rules: [String]
        var testDescription: String { text }
    }

    static let weakTexts: [Weak] = [
        Weak(text: "TODO: explain why", rules: ["purpose-placeholder", "purpose-too-short"]),
        Weak(text: "Lorem ipsum dolor sit amet, consectetur adipiscing.", rules: ["purpose-placeholder"]),
        Weak(text: "$(PRODUCT_NAME) finds the friends who already use it.", rules: ["purpose-placeholder"]),
        Weak(text: "Uses the ${FEATURE} to fill in your log entries.", rules: ["purpose-placeholder"]),
        Weak(text: "Camera.", rules: ["purpose-too-short", "purpose-vague"]),
        Weak(text: "Scans receipts.", rules: ["purpose-too-short"]),
        Weak(text: "   ", rules: ["purpose-too-short"]),
        Weak(text: "This app needs access to your microphone.", rules: ["purpose-vague"]),
        Weak(text: "Allow access to your location for a better experience.", rules: ["purpose-vague"]),
        Weak(text: "Camera access is required for the app to work properly.", rules: ["purpose-vague"]),
        Weak(text: "We would like to use your photo library.", rules: ["purpose-vague"]),
    ]

    @Test(arguments: weakTexts)
    func aWeakTextIsReportedByItsRules(weak: Weak) {
        let findings = PurposeStringRules().findings(in: weak.text, file: "m.json", key: "camera")
        #expect(findings.map(\.rule.id) == weak.rules)
        #expect(findings.allSatisfy { $0.severity == .warning && $0.file == "m.json" && $0.key == "camera" })
    }

    @Test func thePlaceholderFoundIsNamed() {
        let rules = PurposeStringRules()
        #expect(rules.placeholder(in: "$(PRODUCT_NAME) finds friends") == "$(PRODUCT_NAME)")
        #expect(rules.placeholder(in: "Finds friends. todo") == "TODO")
        #expect(rules.placeholder(in: "Shows the mastodon posts you follow.") == nil)   // "todo" only inside a word
        #expect(rules.placeholder(in: "Lorem Ipsum") == "lorem")
    }

    @Test func everyRuleCanBeAdjusted() {
        var rules = PurposeStringRules()
        rules.minimumLength = 0
        rules.minimumSpecificWords = 0
        rules.allowsBuildSettings = true
        #expect(rules.findings(in: "$(PRODUCT_NAME) uses your camera.", file: "f", key: "k").isEmpty)
        rules.placeholders.append("change me")
        #expect(rules.findings(in: "Change me, please.", file: "f", key: "k").map(\.rule) == [.purposePlaceholder])
        rules.minimumLength = 80
        rules.specificWordsExemptingLength = .max
        #expect(
            rules.findings(in: Self.goodTexts[0], file: "f", key: "k").map(\.rule) == [.purposeTooShort])
        rules.minimumLength = 0
        rules.minimumSpecificWords = 12
        #expect(rules.findings(in: Self.goodTexts[0], file: "f", key: "k").map(\.rule) == [.purposeVague])
        rules.minimumSpecificWords = 2
        rules.genericWords.insert("receipts")
        #expect(rules.findings(in: "Scans the receipts.", file: "f", key: "k").map(\.rule) == [.purposeVague])
    }

    @Test func theManifestsTextsAreCheckedUnderTheirKinds() throws {
        let report = try Fixture.lint("weak-purposes.json")
        #expect(
            report.ruleIDs == ["purpose-placeholder", "purpose-placeholder", "purpose-too-short", "purpose-too-short", "purpose-vague", "purpose-vague"])
        #expect(report.keys(.purposePlaceholder) == ["location", "contacts"])
        #expect(report.keys(.purposeTooShort) == ["location", "camera"])
        #expect(report.keys(.purposeVague) == ["camera", "microphone"])
        #expect(report.findings.allSatisfy { $0.file == "Manifests/weak-purposes.json" })
        #expect(!report.hasErrors)
    }

    @Test func theConfigurationTurnsVoiceRulesOff() throws {
        var configuration = LintConfiguration()
        configuration.disabledRules = [.purposePlaceholder, .purposeTooShort, .purposeVague]
        #expect(try Fixture.lint("weak-purposes.json", configuration: configuration).isClean)
    }
}
