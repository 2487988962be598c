import Foundation
import Permit
import Testing

@testable import PermitLint

/// Issue 20, section 3: purpose strings kept in `InfoPlist.strings` per `.lproj` and in `InfoPlist.xcstrings`
/// String Catalogs are read, and every declared key must be translated for every locale the app ships.
@Suite struct LocalizationTests {
    private func lint(_ path: String, infoPlist: String? = nil) throws -> LintReport {
        PermissionLinter().lint(
            LintInputs(
                manifest: try Fixture.manifest("ashtrail.json"), manifestFile: "m",
                infoPlist: try infoPlist.map(Fixture.infoPlist),
                localizations: try PurposeLocalizations(contentsOf: Fixture.url("Localizations/\(path)"))))
    }

    @Test func stringsFilesAreReadInUTF8AndUTF16() throws {
        let localizations = try PurposeLocalizations(contentsOf: Fixture.url("Localizations/Strings"))
        #expect(localizations.locales.map(\.identifier) == ["de", "en", "fr"])
        let french = try #require(localizations.locales.last)
        #expect(french.strings["NSCameraUsageDescription"]?.hasPrefix("AshTrail lit les tickets") == true)
        #expect(french.strings["NSLocationWhenInUseUsageDescription"]?.contains("où vous étiez") == true)
        #expect(localizations.locales[0].strings["CFBundleDisplayName"] == "AshTrail \"Tagebuch\"")
    }

    @Test func aKeyMissingOrEmptyInALocaleIsReported() throws {
        let report = try lint("Strings", infoPlist: "AshTrail-Info.plist")
        #expect(report.keys(.purposeNotLocalized) == ["NSLocationWhenInUseUsageDescription", "NSCameraUsageDescription"])
        #expect(report.findings.allSatisfy { $0.file.hasSuffix("Localizations/Strings/de.lproj/InfoPlist.strings") && $0.severity == .warning })
        #expect(report.findings[0].message.contains("has an empty de translation"))
        #expect(report.findings[1].message.contains("has no de translation, and the manifest declares camera"))
    }

    @Test func aStringCatalogChecksEveryLanguageButItsSource() throws {
        let report = try lint("Catalog/InfoPlist.xcstrings")
        #expect(report.keys(.purposeNotLocalized) == ["NSLocationWhenInUseUsageDescription"])
        #expect(report.findings.first?.message.contains("has no ja translation") == true)
    }

    @Test func theDevelopmentRegionIsNotChecked() throws {
        let localizations = PurposeLocalizations(locales: [
            .init(identifier: "fr", file: "fr.lproj/InfoPlist.strings", strings: [:])
        ])
        let plist = try InfoPlist(
            data: Data(InfoPlistRulesTests.plist(["CFBundleDevelopmentRegion": "fr"]).utf8), file: "Info.plist")
        let report = PermissionLinter().lint(
            LintInputs(
                manifest: try Fixture.manifest("ashtrail.json"), manifestFile: "m", infoPlist: plist,
                localizations: localizations))
        #expect(report.keys(.purposeNotLocalized).isEmpty)
    }

    @Test(arguments: [
        ("\"a\" = \"b\"", "a missing \";\" on line 1"),
        ("\"a\" = \"b;", "an unterminated string"),
        ("/* open", "an unterminated comment"),
    ])
    func aMalformedStringsFileIsAnErrorNamingTheLine(_ text: String, _ problem: String) {
        #expect(throws: LintError.malformedPropertyList) {
            try StringsFile.strings(from: Data(text.utf8), file: "x.strings")
        }
        let error = try? #require(throws: LintError.self) { try StringsFile.strings(from: Data(text.utf8), file: "x.strings") }
        #expect(error?.description.contains(problem) == true)
    }

    @Test func aFileThatIsNotAStringCatalogIsUnexpectedContent() {
        #expect(throws: LintError.unexpectedContent) {
            try PurposeLocalizations.catalogLocales(Data("[1]".utf8), file: "InfoPlist.xcstrings")
        }
    }
}
