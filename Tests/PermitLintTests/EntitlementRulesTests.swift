import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct EntitlementRulesTests {
    /// An XML `.entitlements` file holding `entries` (already written as plist XML).
    private func entitlements(_ entries: String, file: String = "App.entitlements") throws -> Entitlements {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(entries)
            </dict>
            </plist>
            """
        return try Entitlements(data: Data(xml.utf8), file: file)
    }

    private func lint(
        kinds: [String], entitlements: Entitlements, sources: [(name: String, text: String)]? = nil
    ) throws -> LintReport {
        let permissions = kinds.map { #"{"kind": "\#($0)", "necessity": "optional", "purpose": "Plays the songs you saved to the list you are looking at."}"# }
        let json = #"{"version": 1, "permissions": [\#(permissions.joined(separator: ", "))]}"#
        // The entitlement rules alone: the manifest's one purpose text serves every kind here.
        var configuration = LintConfiguration()
        configuration.disabledRules = Set(LintRule.all).subtracting([
            .entitlementMissing, .entitlementClaimUnbacked, .entitlementUnclaimed,
        ])
        let linter = PermissionLinter(configuration: configuration)
        return linter.lint(
            LintInputs(
                manifest: try linter.readManifest(json: Data(json.utf8), file: "permissions.json"),
                manifestFile: "permissions.json", sources: sources.map { SourceScan(path: "App", files: $0) },
                entitlements: entitlements))
    }

    // MARK: - entitlement-missing

    @Test(arguments: [
        ("siri", "com.apple.developer.siri"),
        ("healthKit", "com.apple.developer.healthkit"),
        ("homeKit", "com.apple.developer.homekit"),
        ("nfcReading", "com.apple.developer.nfc.readersession.formats"),
        ("focusStatus", "com.apple.developer.usernotifications.communication"),
    ])
    func aKindWhoseFrameworkNeedsAnEntitlementIsAnErrorWithoutIt(kind: String, key: String) throws {
        let report = try lint(kinds: [kind], entitlements: try entitlements(""))
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.rule == .entitlementMissing && finding.severity == .error)
        #expect(finding.key == key && finding.file == "App.entitlements")
        #expect(finding.message.contains(kind) && finding.fix.contains("capability"))
        let value = key.hasSuffix("formats") ? "<array><string>TAG</string></array>" : "<true/>"
        #expect(try lint(kinds: [kind], entitlements: try entitlements("<key>\(key)</key>\(value)")).isClean)
    }

    @Test func siriSaysWhatHappensWithoutIt() throws {
        let finding = try #require(try lint(kinds: ["siri"], entitlements: try entitlements("")).findings.first)
        #expect(finding.message.contains("terminates the app"))
    }

    @Test func anEntitlementSetToFalseOrEmptyIsNotHeld() throws {
        let off = try entitlements(
            "<key>com.apple.developer.siri</key><false/><key>com.apple.developer.nfc.readersession.formats</key><array/>")
        #expect(try lint(kinds: ["siri", "nfcReading"], entitlements: off).keys(.entitlementMissing) == [
            "com.apple.developer.siri", "com.apple.developer.nfc.readersession.formats",
        ])
    }

    @Test func kindsThatNeedNoEntitlementLintClean() throws {
        let kinds = ["location", "camera", "microphone", "notifications", "photos", "contacts", "calendar", "tracking"]
        #expect(try lint(kinds: kinds, entitlements: try entitlements("")).isClean)
    }

    // MARK: - What the code says it holds

    @Test func codeThatSaysItHoldsSiriWithoutTheEntitlementIsAnError() throws {
        let sources = [("Siri.swift", "import PermitSiri\nlet siri = SiriAuthority(holdsSiriEntitlement: true)\n")]
        let report = try lint(kinds: [], entitlements: try entitlements(""), sources: sources)
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.rule == .entitlementClaimUnbacked && finding.severity == .error)
        #expect(finding.file == "Siri.swift" && finding.key == "holdsSiriEntitlement")
        #expect(finding.message.contains("com.apple.developer.siri") && finding.message.contains("terminates the app"))
        #expect(try lint(kinds: [], entitlements: try entitlements("<key>com.apple.developer.siri</key><true/>"), sources: sources).isClean)
    }

    @Test func codeThatSaysItDoesNotHoldSiriWhileHoldingItIsAWarning() throws {
        let sources = [("Siri.swift", "let siri = SiriAuthority(holdsSiriEntitlement:false)\n")]
        let report = try lint(kinds: [], entitlements: try entitlements("<key>com.apple.developer.siri</key><true/>"), sources: sources)
        #expect(report.findings.map(\.rule) == [.entitlementUnclaimed])
        #expect(report.findings.first?.severity == .warning)
        #expect(try lint(kinds: [], entitlements: try entitlements(""), sources: sources).isClean)
    }

    @Test func aCloudKitContainerNeedsCloudKitAmongTheICloudServices() throws {
        let sources = [
            ("Cloud.swift", #"let cloud = ICloudAccountProvider(cloudKitContainerIdentifier: "iCloud.com.example.app")"#)
        ]
        let documentsOnly = try entitlements(
            "<key>com.apple.developer.icloud-services</key><array><string>CloudDocuments</string></array>")
        let report = try lint(kinds: [], entitlements: documentsOnly, sources: sources)
        #expect(report.findings.map(\.rule) == [.entitlementClaimUnbacked])
        #expect(report.findings.first?.message.contains("listing CloudKit") == true)
        let both = try entitlements(
            "<key>com.apple.developer.icloud-services</key><array><string>CloudDocuments</string><string>CloudKit</string></array>")
        #expect(try lint(kinds: [], entitlements: both, sources: sources).isClean)
    }

    @Test func declarationsCommentsAndNilAreNotClaims() {
        let scan = SourceScan(
            path: "App",
            files: [
                (
                    "Wrapper.swift",
                    """
                    // SiriAuthority(holdsSiriEntitlement: true) is what a signed app passes
                    init(holdsSiriEntitlement: Bool, cloudKitContainerIdentifier: String? = nil) {}
                    let cloud = ICloudAccountProvider(cloudKitContainerIdentifier: nil)
                    let text = "holdsSiriEntitlement: true"
                    let flagged = holdsSiriEntitlement
                    """
                ),
                ("Real.swift", "let siri = SiriAuthority(holdsSiriEntitlement: signed)\nlet c = P(cloudKitContainerIdentifier: id)"),
            ])
        // A variable passed as the Siri flag says nothing the lint can check; a variable container is a claim.
        #expect(scan.entitlementClaims == [.init(file: "Real.swift", argument: "cloudKitContainerIdentifier", holds: true)])
    }

    // MARK: - Reading the file

    @Test func aBinaryEntitlementsFileIsRead() throws {
        let object: [String: Any] = ["com.apple.developer.siri": true, "com.apple.developer.icloud-services": ["CloudKit"]]
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let read = try Entitlements(data: binary, file: "App.entitlements")
        #expect(read.holds("com.apple.developer.siri"))
        #expect(read.values(of: "com.apple.developer.icloud-services") == ["CloudKit"])
    }

    @Test func aFileThatIsNotAPropertyListIsRefusedNamingIt() {
        let error = lintError { _ = try Entitlements(data: Data("not a plist".utf8), file: "Broken.entitlements") }
        #expect(error == .malformedPropertyList)
        #expect(error.map { "\($0)" }?.contains("Broken.entitlements") == true)
    }
}
