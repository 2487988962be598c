import Foundation
import Permit
import Testing

@testable import PermitLint

/// What findings and errors say, and what the rules leave alone.
@Suite struct MessageTests {
    static let camera = InfoPlistRulesTests.camera

    static func lint(_ plist: String, configuration: LintConfiguration = LintConfiguration()) throws -> LintReport {
        PermissionLinter(configuration: configuration).lint(
            LintInputs(
                manifest: try PermissionManifest([
                    PermissionDeclaration(kind: .camera, necessity: .optional, purpose: camera)
                ]),
                manifestFile: "permissions.json", infoPlist: try InfoPlist(data: Data(plist.utf8), file: "Info.plist")))
    }

    @Test func aBuildSettingInAnInfoPlistValueIsNotAPlaceholder() throws {
        let report = try Self.lint(
            InfoPlistRulesTests.plist(["NSCameraUsageDescription": "$(PRODUCT_NAME) scans the receipts you photograph."]))
        #expect(report.keys(.purposePlaceholder).isEmpty)
        #expect(report.keys(.purposeMismatch) == ["NSCameraUsageDescription"])
    }

    @Test func aBuildSettingInTheManifestsTextIsStillAPlaceholder() {
        let findings = PurposeStringRules().findings(
            in: "$(PRODUCT_NAME) scans the receipts you photograph.", file: "permissions.json", key: "camera")
        #expect(findings.map(\.rule) == [.purposePlaceholder])
    }

    @Test func aValueThatIsNotAStringIsToBeMadeOne() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>\
            <key>NSCameraUsageDescription</key><true/></dict></plist>
            """
        let finding = try #require(try Self.lint(plist).findings.first { $0.rule == .missingPurposeKey })
        #expect(finding.message.contains("is not a string"))
        #expect(finding.fix.hasPrefix("make the value of <key>NSCameraUsageDescription</key> a <string>"))
    }

    @Test func aMissingKeyIsToBeAdded() throws {
        let report = try Self.lint(InfoPlistRulesTests.plist([:]))
        let finding = try #require(report.findings.first { $0.rule == .missingPurposeKey })
        #expect(finding.fix.hasPrefix("add <key>NSCameraUsageDescription</key>"))
    }

    @Test(arguments: ["領収書を撮影すると、記録に金額を自動で入力します。", "拍摄收据后，应用会自动把金额填入记录。"])
    func aTextWithoutSpacesIsNotJudgedVague(text: String) {
        let findings = PurposeStringRules().findings(in: text, file: "permissions.json", key: "camera")
        #expect(!findings.contains { $0.rule == .purposeVague })
    }

    @Test func aSpacedTextIsStillJudgedVague() {
        let findings = PurposeStringRules().findings(
            in: "This app needs access to your camera.", file: "permissions.json", key: "camera")
        #expect(findings.contains { $0.rule == .purposeVague })
    }

    @Test func testsDependenciesAndBuildProductsAreNotScanned() throws {
        let scan = try Fixture.sources("SkippedFolders")
        #expect(Set(scan.imports.keys) == ["Permit", "SwiftUI"])
        #expect(SourceScan.skippedDirectories == ["Tests", "Pods", ".build", "Carthage", "DerivedData"])
    }
}
