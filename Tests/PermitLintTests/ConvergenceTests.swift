import Foundation
import Permit
import Testing

@testable import PermitLint

/// `permit generate --update` and `permit lint` agree on what a file holds: after an update, lint reports
/// nothing the update could have fixed.
@Suite struct ConvergenceTests {
    static let location = InfoPlistRulesTests.location
    static let camera = InfoPlistRulesTests.camera

    static func lint(plist data: Data) throws -> LintReport {
        PermissionLinter().lint(
            LintInputs(
                manifest: try Fixture.manifest("ashtrail.json"), manifestFile: "permissions.json",
                infoPlist: try InfoPlist(data: data, file: "Info.plist")))
    }

    static func lint(android data: Data) throws -> LintReport {
        PermissionLinter().lint(
            LintInputs(
                manifest: try Fixture.manifest("ashtrail.json"), manifestFile: "permissions.json",
                androidManifest: try AndroidManifest(data: data, file: "AndroidManifest.xml")))
    }

    // MARK: - Duplicate Info.plist keys

    static let duplicated = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>NSCameraUsageDescription</key>
        \t<string>\(camera)</string>
        \t<key>NSLocationWhenInUseUsageDescription</key>
        \t<string>\(location)</string>
        \t<key>NSCameraUsageDescription</key>
        \t<string>An old text about receipts that nobody updated.</string>
        </dict>
        </plist>
        """.utf8)

    @Test func aDuplicateKeyIsReportedWithItsLines() throws {
        let plist = try InfoPlist(data: Self.duplicated, file: "Info.plist")
        #expect(plist.duplicateKeys == ["NSCameraUsageDescription": [4, 8]])
        #expect(plist.string(for: "NSCameraUsageDescription") == "An old text about receipts that nobody updated.")
        let report = try Self.lint(plist: Self.duplicated)
        let finding = try #require(report.findings.first { $0.rule == .duplicateKey })
        #expect(finding.key == "NSCameraUsageDescription" && finding.severity == .warning)
        #expect(finding.message.contains("on lines 4, 8: iOS reads the last, on line 8"))
        #expect(report.keys(.purposeMismatch) == ["NSCameraUsageDescription"])
    }

    @Test func generateEditsTheOccurrenceFoundationReads() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let updated = try generator.updatingInfoPlist(Self.duplicated, file: "Info.plist")
        let text = String(decoding: updated, as: UTF8.self)
        #expect(!text.contains("nobody updated"))
        #expect(text.components(separatedBy: Self.camera).count == 3)
        let report = try Self.lint(plist: updated)
        #expect(report.keys(.purposeMismatch).isEmpty)
        #expect(report.ruleIDs == ["duplicate-key"])
        #expect(try generator.updatingInfoPlist(updated, file: "Info.plist") == updated)
    }

    // MARK: - tools:node="remove"

    static let removed = Data(
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:tools="http://schemas.android.com/tools">
            <uses-permission android:name="android.permission.INTERNET" />
            <uses-permission android:name="android.permission.ACCESS_FINE_LOCATION" />
            <uses-permission android:name="android.permission.ACCESS_COARSE_LOCATION" />
            <uses-permission android:name="android.permission.CAMERA" tools:node="remove" />
            <uses-permission android:name="android.permission.POST_NOTIFICATIONS" />
        </manifest>
        """.utf8)

    @Test func aDeclaredPermissionRemovedByToolsNodeIsReportedAsRemoved() throws {
        let android = try AndroidManifest(data: Self.removed, file: "AndroidManifest.xml")
        #expect(android.removedPermissions == ["android.permission.CAMERA": 6])
        let report = try Self.lint(android: Self.removed)
        #expect(report.keys(.androidMissingPermission) == ["android.permission.CAMERA"])
        let finding = try #require(report.findings.first)
        #expect(finding.message.contains(#"removed by tools:node="remove" on line 6"#))
        #expect(finding.message.contains("declares camera"))
        #expect(!finding.fix.contains("--update"))
    }

    @Test func generateAndLintCountARemovedPermissionAlike() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let updated = try generator.updatingAndroidManifest(Self.removed, file: "AndroidManifest.xml")
        // generate adds nothing over the person's tools:node="remove"; lint says so rather than sending them back to generate.
        #expect(updated == Self.removed)
        let report = try Self.lint(android: updated)
        #expect(report.findings.allSatisfy { !$0.fix.contains("permit generate --android-manifest --update") })
    }

    @Test func anUndeclaredPermissionRemovedByToolsNodeIsNeitherCreepNorAdded() throws {
        let data = try Fixture.data("Android/Prefixed-AndroidManifest.xml")
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        #expect(try generator.updatingAndroidManifest(data, file: "AndroidManifest.xml") == data)
        #expect(try Self.lint(android: data).isClean)
    }
}
