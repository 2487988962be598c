import Foundation
import Permit
import Testing

@testable import PermitLint

/// `full-accuracy-key-missing`: a location declaration that asks for precise location with a purpose key needs
/// that key's text in `NSLocationTemporaryUsageDescriptionDictionary`; without it iOS shows no prompt, and the
/// app stays on an approximate fix (Apple, `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`: the key
/// names an entry of that dictionary).
@Suite struct FullAccuracyLintTests {
    static let purpose = "Shows your parcel's doorstep on the map when you ask where it is."
    static let whenInUse = "<key>NSLocationWhenInUseUsageDescription</key><string>\(purpose)</string>"

    static func manifest(purposeKey: String?) throws -> PermissionManifest {
        try PermissionManifest([
            PermissionDeclaration(kind: .location, necessity: .optional, purpose: purpose, fullAccuracyPurposeKey: purposeKey)
        ])
    }

    static func dictionary(_ entries: [String: String]) -> String {
        "<key>NSLocationTemporaryUsageDescriptionDictionary</key><dict>"
            + entries.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined()
            + "</dict>"
    }

    func findings(purposeKey: String?, plist body: String) throws -> [LintFinding] {
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
        let report = PermissionLinter().lint(
            LintInputs(
                manifest: try Self.manifest(purposeKey: purposeKey), manifestFile: "permissions.json",
                infoPlist: try InfoPlist(data: Data(plist.utf8), file: "Info.plist")))
        return report.findings.filter { $0.rule == .fullAccuracyKeyMissing }
    }

    @Test func theDeclaredKeyWithItsTextIsClean() throws {
        #expect(try findings(purposeKey: "Doorstep", plist: Self.whenInUse + Self.dictionary(["Doorstep": Self.purpose])).isEmpty)
    }

    @Test func noPurposeKeyDeclaredNeedsNoDictionary() throws {
        #expect(try findings(purposeKey: nil, plist: Self.whenInUse).isEmpty)
    }

    @Test func aMissingDictionaryIsAnErrorNamingTheKey() throws {
        let finding = try #require(try findings(purposeKey: "Doorstep", plist: Self.whenInUse).first)
        #expect(finding.severity == .error && finding.file == "Info.plist")
        #expect(finding.key == "NSLocationTemporaryUsageDescriptionDictionary")
        #expect(finding.message.hasPrefix("NSLocationTemporaryUsageDescriptionDictionary is missing"))
        #expect(finding.message.contains("purpose key Doorstep") && finding.fix.contains("<key>Doorstep</key>"))
    }

    @Test(arguments: [["Other": purpose], ["Doorstep": "  "], [:]])
    func aDictionaryWithoutTheKeysTextIsAnError(entries: [String: String]) throws {
        let found = try findings(purposeKey: "Doorstep", plist: Self.whenInUse + Self.dictionary(entries))
        #expect(found.count == 1 && found.first?.message.contains("has no text under Doorstep") == true, "\(found)")
    }
}
