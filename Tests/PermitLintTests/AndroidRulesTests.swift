import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct AndroidRulesTests {
    @Test(arguments: ["AshTrail-AndroidManifest.xml", "Prefixed-AndroidManifest.xml"])
    func aManifestMatchingTheDeclarationsLintsClean(name: String) throws {
        let report = try Fixture.lint("ashtrail.json", android: name)
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func permissionsAreReadUnderTheAndroidNamespacesPrefix() throws {
        let prefixed = try Fixture.android("Prefixed-AndroidManifest.xml")
        #expect(
            prefixed.permissions == [
                "android.permission.INTERNET", "android.permission.ACCESS_FINE_LOCATION",
                "android.permission.ACCESS_COARSE_LOCATION", "android.permission.CAMERA",
                "android.permission.POST_NOTIFICATIONS",
            ])
        let plain = try Fixture.android("AshTrail-AndroidManifest.xml")
        #expect(plain.permissions.count == 7 && plain.permissions.last == "android.permission.WAKE_LOCK")
    }

    @Test func anAttributeNamedAndroidInAnotherNamespaceIsNotAName() throws {
        let xml = """
            <manifest xmlns:android="urn:not-android" xmlns:a="http://schemas.android.com/apk/res/android">
              <uses-permission android:name="android.permission.CAMERA" a:name="android.permission.INTERNET"/>
            </manifest>
            """
        let manifest = try AndroidManifest(data: Data(xml.utf8), file: "AndroidManifest.xml")
        #expect(manifest.permissions == ["android.permission.INTERNET"])
    }

    @Test func missingPermissionsOfDeclaredKindsAndInternetAreErrors() throws {
        let report = try Fixture.lint("ashtrail.json", android: "Missing-AndroidManifest.xml")
        #expect(
            report.keys(.androidMissingPermission) == [
                "android.permission.INTERNET", "android.permission.ACCESS_COARSE_LOCATION",
                "android.permission.POST_NOTIFICATIONS",
            ])
        #expect(report.ruleIDs.allSatisfy { $0 == "android-missing-permission" })
        #expect(report.findings[0].message.contains("network access is required and implicit"))
        #expect(report.findings[2].message.contains("declares notifications"))
        #expect(report.findings[2].fix.contains(#"<uses-permission android:name="android.permission.POST_NOTIFICATIONS" />"#))
        #expect(report.findings.allSatisfy { $0.severity == .error && $0.file == "Android/Missing-AndroidManifest.xml" })
    }

    @Test func permissionsOfUndeclaredKindsAreCreep() throws {
        let report = try Fixture.lint("ashtrail.json", android: "Creep-AndroidManifest.xml")
        #expect(
            report.keys(.androidUndeclaredPermission) == [
                "android.permission.ACCESS_BACKGROUND_LOCATION", "android.permission.READ_CONTACTS",
                "android.permission.RECORD_AUDIO",
            ])
        #expect(report.ruleIDs.allSatisfy { $0 == "android-undeclared-permission" })
        #expect(report.findings[2].message.contains("microphone or speechRecognition"))
        #expect(!report.hasErrors)
    }

    @Test func everyDeclaredKindsPermissionsAreNeeded() throws {
        let manifest = try Fixture.manifest("every-kind.json")
        let android = try AndroidManifest(
            data: Data(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android"/>"#.utf8), file: "A.xml")
        let report = PermissionLinter().lint(LintInputs(manifest: manifest, manifestFile: "m", androidManifest: android))
        #expect(
            report.keys(.androidMissingPermission) == [
                "INTERNET", "ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION", "CAMERA",
                "RECORD_AUDIO", "POST_NOTIFICATIONS", "READ_CONTACTS", "READ_CALENDAR",
                "WRITE_CALENDAR", "BLUETOOTH_CONNECT", "ACTIVITY_RECOGNITION",
            ].map { "android.permission." + $0 } + ["com.google.android.gms.permission.AD_ID", "android.permission.READ_MEDIA_AUDIO"])
    }
}

/// Issue 20, measured on shipping apps: connecting to paired devices is not scanning, and the photo picker with
/// `READ_EXTERNAL_STORAGE` up to Android 12 is Google Play's own pattern.
@Suite struct AndroidPolicyTests {
    @Test func connectingToPairedDevicesAndThePhotoPickerLintClean() throws {
        let report = try Fixture.lint("locker.json", android: "PairedPicker-AndroidManifest.xml")
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func bluetoothNeedsConnectOnlyAndPhotosNeedNothing() throws {
        let android = try AndroidManifest(
            data: Data(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android"/>"#.utf8), file: "A.xml")
        let report = PermissionLinter().lint(
            LintInputs(manifest: try Fixture.manifest("locker.json"), manifestFile: "m", androidManifest: android))
        #expect(report.keys(.androidMissingPermission) == ["android.permission.INTERNET", "android.permission.BLUETOOTH_CONNECT"])
    }

    @Test(arguments: ["BLUETOOTH_SCAN", "READ_MEDIA_IMAGES", "READ_MEDIA_VISUAL_USER_SELECTED"])
    func theFinerPermissionsOfADeclaredKindAreAccepted(_ permission: String) throws {
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <uses-permission android:name="android.permission.INTERNET" />
            <uses-permission android:name="android.permission.BLUETOOTH_CONNECT" />
            <uses-permission android:name="android.permission.\(permission)" />
            </manifest>
            """
        let android = try AndroidManifest(data: Data(xml.utf8), file: "A.xml")
        let report = PermissionLinter().lint(
            LintInputs(manifest: try Fixture.manifest("locker.json"), manifestFile: "m", androidManifest: android))
        #expect(report.isClean, "\(report.findings)")
    }
}
