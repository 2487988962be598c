import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct FragmentGeneratorTests {
    static let location = InfoPlistRulesTests.location
    static let camera = InfoPlistRulesTests.camera

    // MARK: - Fragments

    @Test func theInfoPlistFragmentHoldsTheManifestsTexts() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        #expect(
            generator.infoPlistFragment() == """
                <key>NSLocationWhenInUseUsageDescription</key>
                <string>\(Self.location)</string>
                <key>NSCameraUsageDescription</key>
                <string>\(Self.camera)</string>

                """)
    }

    @Test func fragmentTextIsEscaped() throws {
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans <receipts> & \"tickets\" you photograph.")
        ])
        #expect(
            FragmentGenerator(manifest: manifest).infoPlistFragment()
                == "<key>NSCameraUsageDescription</key>\n<string>Scans &lt;receipts&gt; &amp; \"tickets\" you photograph.</string>\n")
    }

    @Test func theAndroidFragmentStartsWithInternet() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        #expect(
            generator.androidManifestFragment() == """
                <uses-permission android:name="android.permission.INTERNET" />
                <uses-permission android:name="android.permission.ACCESS_FINE_LOCATION" />
                <uses-permission android:name="android.permission.ACCESS_COARSE_LOCATION" />
                <uses-permission android:name="android.permission.POST_NOTIFICATIONS" />
                <uses-permission android:name="android.permission.CAMERA" />

                """)
    }

    @Test func thePrivacyManifestDeclaresUserDefaultsOnly() throws {
        let text = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json")).privacyManifest()
        let privacy = try PrivacyManifest(data: Data(text.utf8), file: "PrivacyInfo.xcprivacy")
        #expect(privacy.accessedAPIReasons == ["NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1"]])
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(!text.contains("NSPrivacyTracking") && !text.contains("NSPrivacyCollectedDataTypes"))
    }

    // MARK: - Generate, then lint clean

    @Test(arguments: [("ashtrail.json", 16), ("every-kind.json", 16), ("calendar-ios17.json", 16), ("calendar-ios17.json", 17)])
    func generatedFilesLintClean(name: String, iOS: Int) throws {
        var configuration = LintConfiguration()
        configuration.deploymentTarget = DeploymentTarget(major: iOS)
        let linter = PermissionLinter(configuration: configuration)
        let manifest = try Fixture.manifest(name, linter: linter)
        let generator = FragmentGenerator(manifest: manifest, deploymentTarget: configuration.deploymentTarget)
        let plistText = "<plist version=\"1.0\"><dict>\n" + generator.infoPlistFragment() + "</dict></plist>"
        let androidText =
            "<manifest xmlns:android=\"\(AndroidManifest.androidNamespace)\">\n" + generator.androidManifestFragment() + "</manifest>"
        let report = linter.lint(
            LintInputs(
                manifest: manifest, manifestFile: name,
                infoPlist: try InfoPlist(data: Data(plistText.utf8), file: "Info.plist"),
                privacyManifest: try PrivacyManifest(data: Data(generator.privacyManifest().utf8), file: "PrivacyInfo.xcprivacy"),
                androidManifest: try AndroidManifest(data: Data(androidText.utf8), file: "AndroidManifest.xml"),
                sources: SourceScan(path: "Sources", files: [("App.swift", "let store = UserDefaultsPermissionStore.self")])))
        // module-not-linked: these sources import no adapter; everything else must be clean.
        #expect(report.findings.filter { $0.rule != .moduleNotLinked }.isEmpty, "\(report.findings)")
        #expect(!report.hasErrors)
    }

    // MARK: - NSBonjourServices

    static let printer = #"{"version":1,"permissions":[{"kind":"localNetwork","necessity":"optional","purpose":"Finds the receipt printer on your Wi-Fi network."}]}"#

    static func sources(_ code: String) -> SourceScan {
        SourceScan(path: "App", files: [("Printing.swift", "import PermitLocalNetwork\n" + code)])
    }

    @Test func withoutSourcesNSBonjourServicesListsTheProbesDefaultType() throws {
        let generator = FragmentGenerator(manifest: try PermissionManifest(json: Data(Self.printer.utf8)))
        #expect(generator.bonjourServiceTypes == ["_permit-probe._tcp"])
        #expect(generator.infoPlistFragment().hasSuffix("<key>NSBonjourServices</key>\n<array>\n\t<string>_permit-probe._tcp</string>\n</array>\n"))
    }

    @Test func theServiceTypeTheSourcesPassIsListedInsteadOfTheDefault() throws {
        let manifest = try PermissionManifest(json: Data(Self.printer.utf8))
        let sources = Self.sources(#"let authority = LocalNetworkAuthority(serviceType: "_ipp._tcp")"#)
        let generator = FragmentGenerator(manifest: manifest, sources: sources)
        #expect(generator.bonjourServiceTypes == ["_ipp._tcp"])
        #expect(!generator.infoPlistFragment().contains("_permit-probe._tcp"))

        // An app's own array keeps its types and gains only the one the code passes; lint then finds nothing.
        let plist = "<plist version=\"1.0\">\n<dict>\n\t<key>NSBonjourServices</key>\n\t<array>\n\t\t<string>_http._tcp</string>\n\t</array>\n</dict>\n</plist>\n"
        let updated = String(decoding: try generator.updatingInfoPlist(Data(plist.utf8), file: "Info.plist"), as: UTF8.self)
        #expect(updated.contains("\t\t<string>_http._tcp</string>\n\t\t<string>_ipp._tcp</string>\n\t</array>"))
        #expect(!updated.contains("_permit-probe._tcp"))
        let report = PermissionLinter().lint(
            LintInputs(
                manifest: manifest, manifestFile: "permissions.json",
                infoPlist: try InfoPlist(data: Data(updated.utf8), file: "Info.plist"), sources: sources))
        #expect(report.isClean, "\(report.findings)")
        #expect(try generator.updatingInfoPlist(Data(updated.utf8), file: "Info.plist") == Data(updated.utf8))
    }

    @Test func aServiceTypeInAVariableIsNotGuessed() throws {
        let generator = FragmentGenerator(
            manifest: try PermissionManifest(json: Data(Self.printer.utf8)),
            sources: Self.sources("let authority = LocalNetworkAuthority(serviceType: settings.type)"))
        #expect(generator.bonjourServiceTypes.isEmpty)
        #expect(generator.unreadableBonjourServiceTypes == ["settings.type (Printing.swift:2)"])
        #expect(!generator.infoPlistFragment().contains("NSBonjourServices"))
    }

    @Test func sourcesWithoutPermitLocalNetworkNeedNoBonjourType() throws {
        let generator = FragmentGenerator(
            manifest: try PermissionManifest(json: Data(Self.printer.utf8)),
            sources: SourceScan(path: "App", files: [("Own.swift", "import Network\nstruct OwnLocalNetworkAuthority {}\n")]))
        #expect(generator.bonjourServiceTypes.isEmpty)
        #expect(!generator.infoPlistFragment().contains("NSBonjourServices"))
    }

    // MARK: - Updating an Info.plist in place

    @Test func missingKeysAreAppendedAndEmptyOnesFilledLeavingEveryOtherByte() throws {
        let original = try Fixture.text("InfoPlist/MissingKeys-Info.plist")
        let updated = try update(infoPlist: "MissingKeys-Info.plist", manifest: "ashtrail.json")
        let fill = original.replacingOccurrences(
            of: "<string>   </string>", with: "<string>\(Self.location)</string>")
        let expected = fill.replacingOccurrences(
            of: "\t\t<string>UIInterfaceOrientationPortrait</string>\n\t</array>\n",
            with: "\t\t<string>UIInterfaceOrientationPortrait</string>\n\t</array>\n"
                + "\t<key>NSCameraUsageDescription</key>\n\t<string>\(Self.camera)</string>\n")
        #expect(updated == expected)
        let report = try lintAshTrail(infoPlist: InfoPlist(data: Data(updated.utf8), file: "Info.plist"))
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func theFilesIndentationLineEndingsAndCommentsAreKept() throws {
        let original = try Fixture.text("InfoPlist/CRLF-Info.plist")
        let updated = try update(infoPlist: "CRLF-Info.plist", manifest: "ashtrail.json")
        let expected = original.replacingOccurrences(
            of: "<string>Scans &amp; stores receipts.</string>", with: "<string>\(Self.camera)</string>"
        ).replacingOccurrences(
            of: "    </array>\r\n</dict>",
            with: "    </array>\r\n    <key>NSLocationWhenInUseUsageDescription</key>\r\n    <string>\(Self.location)</string>\r\n</dict>")
        #expect(updated == expected)
        #expect(updated.contains("<!-- the camera text below is out of date -->"))
    }

    @Test func bytesBeforeAndAfterTheEditAreIdentical() throws {
        let original = Array(try Fixture.data("InfoPlist/Drifted-Info.plist"))
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let updated = Array(try generator.updatingInfoPlist(Data(original), file: "Drifted-Info.plist"))
        let old = Array("<string>Camera access is required.</string>".utf8)
        let new = Array("<string>\(Self.camera)</string>".utf8)
        let start = try #require(
            (0...(original.count - old.count)).first { original[$0..<($0 + old.count)].elementsEqual(old) })
        let end = start + old.count
        #expect(updated.count == original.count - old.count + new.count)
        #expect(updated[..<start].elementsEqual(original[..<start]))
        #expect(updated[start..<(start + new.count)].elementsEqual(new))
        #expect(updated[(start + new.count)...].elementsEqual(original[end...]))
    }

    @Test func anUpToDatePlistIsReturnedUnchanged() throws {
        let original = try Fixture.data("InfoPlist/AshTrail-Info.plist")
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        #expect(try generator.updatingInfoPlist(original, file: "Info.plist") == original)
    }

    @Test func anEmptyDictionaryGetsItsFirstKeys() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("location-only.json"))
        let selfClosing = try generator.updatingInfoPlist(Data("<plist version=\"1.0\">\n<dict/>\n</plist>\n".utf8), file: "I")
        #expect(
            String(decoding: selfClosing, as: UTF8.self)
                == "<plist version=\"1.0\">\n<dict>\n\t<key>NSLocationWhenInUseUsageDescription</key>\n\t<string>\(Self.location)</string>\n</dict>\n</plist>\n")
        let open = try generator.updatingInfoPlist(Data("<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n".utf8), file: "I")
        #expect(open == selfClosing)
    }

    @Test func aBinaryPlistIsRefusedRatherThanRewritten() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let error = lintError {
            _ = try generator.updatingInfoPlist(Fixture.data("InfoPlist/MissingKeys-Info.bplist"), file: "Info.plist")
        }
        #expect(error == .notEditable)
        #expect(error?.description.contains("plutil -convert xml1 Info.plist") == true)
    }

    @Test func aMalformedPlistIsNotEdited() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let error = lintError {
            _ = try generator.updatingInfoPlist(Fixture.data("InfoPlist/Malformed-Info.plist"), file: "Info.plist")
        }
        #expect(error == .malformedXML)
        #expect(error?.description == "Info.plist: not well-formed XML: line 10: end tag </dict> does not close <string> of line 8")
    }

    // MARK: - Updating an Android manifest in place

    @Test func missingPermissionsGoAfterTheLastOne() throws {
        let original = try Fixture.text("Android/Missing-AndroidManifest.xml")
        let updated = try update(android: "Missing-AndroidManifest.xml", manifest: "ashtrail.json")
        let expected = original.replacingOccurrences(
            of: "<uses-permission android:name=\"android.permission.CAMERA\" />\n",
            with: "<uses-permission android:name=\"android.permission.CAMERA\" />\n"
                + "    <uses-permission android:name=\"android.permission.INTERNET\" />\n"
                + "    <uses-permission android:name=\"android.permission.ACCESS_COARSE_LOCATION\" />\n"
                + "    <uses-permission android:name=\"android.permission.POST_NOTIFICATIONS\" />\n")
        #expect(updated == expected)
        let report = try lintAshTrail(android: AndroidManifest(data: Data(updated.utf8), file: "A.xml"))
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func theFilesOwnPrefixIsUsedAndPermissionsGoFirstWhenThereAreNone() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("location-only.json"))
        let original = "<manifest xmlns:a=\"http://schemas.android.com/apk/res/android\">\n  <application a:label=\"x\"/>\n</manifest>\n"
        let updated = try generator.updatingAndroidManifest(Data(original.utf8), file: "A.xml")
        #expect(
            String(decoding: updated, as: UTF8.self) == """
                <manifest xmlns:a="http://schemas.android.com/apk/res/android">
                  <uses-permission a:name="android.permission.INTERNET" />
                  <uses-permission a:name="android.permission.ACCESS_FINE_LOCATION" />
                  <uses-permission a:name="android.permission.ACCESS_COARSE_LOCATION" />
                  <application a:label="x"/>
                </manifest>

                """)
        let complete = try Fixture.data("Android/Prefixed-AndroidManifest.xml")
        let ashtrail = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        #expect(try ashtrail.updatingAndroidManifest(complete, file: "A.xml") == complete)
    }

    @Test func aManifestWithoutTheAndroidNamespaceIsRefused() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("location-only.json"))
        let error = lintError { _ = try generator.updatingAndroidManifest(Data("<manifest>\n</manifest>".utf8), file: "A.xml") }
        #expect(error == .unexpectedContent)
        #expect(error?.description.contains("binds no prefix to http://schemas.android.com/apk/res/android") == true)
    }

    // MARK: - Updating a privacy manifest in place

    @Test func theUserDefaultsEntryIsAddedToTheArray() throws {
        let original = try Fixture.text("Privacy/NoUserDefaults-PrivacyInfo.xcprivacy")
        let updated = try update(privacy: "NoUserDefaults-PrivacyInfo.xcprivacy")
        let entry = """
            \t\t<dict>
            \t\t\t<key>NSPrivacyAccessedAPIType</key>
            \t\t\t<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
            \t\t\t<array>
            \t\t\t\t<string>CA92.1</string>
            \t\t\t</array>
            \t\t</dict>

            """
        #expect(updated == original.replacingOccurrences(of: "\t\t</dict>\n\t</array>\n", with: "\t\t</dict>\n" + entry + "\t</array>\n"))
        #expect(updated == (try Fixture.text("Privacy/AshTrail-PrivacyInfo.xcprivacy")))
    }

    @Test func anEntryWithoutAnAcceptedReasonIsReplaced() throws {
        for name in ["NoReason-PrivacyInfo.xcprivacy", "WrongReason-PrivacyInfo.xcprivacy"] {
            #expect(try update(privacy: name) == (try Fixture.text("Privacy/AshTrail-PrivacyInfo.xcprivacy")), "\(name)")
        }
        let done = try Fixture.data("Privacy/AshTrail-PrivacyInfo.xcprivacy")
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        #expect(try generator.updatingPrivacyManifest(done, file: "P") == done)
    }

    @Test func aPrivacyManifestWithoutTheArrayGetsIt() throws {
        let updated = try update(privacy: "Empty-PrivacyInfo.xcprivacy")
        let privacy = try PrivacyManifest(data: Data(updated.utf8), file: "P")
        #expect(privacy.accessedAPIReasons == ["NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1"]])
        #expect(updated.contains("<dict>\n\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>"))
        let report = try lintAshTrail(privacy: privacy, sources: Fixture.sources("AshTrailApp"))
        #expect(report.keys(.privacyUserDefaults).isEmpty, "\(report.findings)")
    }

    // MARK: - Helpers

    /// Lints the files given against AshTrail's manifest.
    private func lintAshTrail(
        infoPlist: InfoPlist? = nil, android: AndroidManifest? = nil, privacy: PrivacyManifest? = nil, sources: SourceScan? = nil
    ) throws -> LintReport {
        PermissionLinter().lint(
            LintInputs(
                manifest: try Fixture.manifest("ashtrail.json"), manifestFile: "Manifests/ashtrail.json", infoPlist: infoPlist,
                privacyManifest: privacy, androidManifest: android, sources: sources))
    }

    private func update(infoPlist name: String, manifest: String) throws -> String {
        let generator = FragmentGenerator(manifest: try Fixture.manifest(manifest))
        return String(decoding: try generator.updatingInfoPlist(Fixture.data("InfoPlist/\(name)"), file: name), as: UTF8.self)
    }

    private func update(android name: String, manifest: String) throws -> String {
        let generator = FragmentGenerator(manifest: try Fixture.manifest(manifest))
        return String(decoding: try generator.updatingAndroidManifest(Fixture.data("Android/\(name)"), file: name), as: UTF8.self)
    }

    private func update(privacy name: String) throws -> String {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        return String(decoding: try generator.updatingPrivacyManifest(Fixture.data("Privacy/\(name)"), file: name), as: UTF8.self)
    }
}
