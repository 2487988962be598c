import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct InfoPlistRulesTests {
    static let location = "AshTrail adds where you were to a log entry when you ask it to."
    static let camera = "AshTrail scans the receipts you photograph to fill in a log entry."

    // MARK: - missing-purpose-key

    @Test(arguments: ["AshTrail-Info.plist", "AshTrail-Info.bplist"])
    func aCompleteInfoPlistXMLOrBinaryLintsClean(name: String) throws {
        let plist = try Fixture.infoPlist(name)
        #expect(plist.isBinary == name.hasSuffix(".bplist"))
        #expect(plist.string(for: "NSCameraUsageDescription") == Self.camera)
        let report = try Fixture.lint("ashtrail.json", infoPlist: name)
        #expect(report.isClean, "\(report.findings)")
        #expect(!report.hasErrors)
    }

    @Test(arguments: ["MissingKeys-Info.plist", "MissingKeys-Info.bplist"])
    func aMissingOrEmptyPurposeKeyIsAnError(name: String) throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: name)
        #expect(report.ruleIDs == ["missing-purpose-key", "missing-purpose-key"])
        #expect(report.keys(.missingPurposeKey) == ["NSLocationWhenInUseUsageDescription", "NSCameraUsageDescription"])
        let empty = report.findings[0]
        let missing = report.findings[1]
        #expect(empty.severity == .error && empty.file == "InfoPlist/\(name)")
        #expect(empty.message.contains("is empty") && empty.message.contains("declares location"))
        #expect(missing.message.contains("is missing") && missing.message.contains("ITMS-90683"))
        #expect(missing.fix.contains("<key>NSCameraUsageDescription</key>"))
        #expect(missing.fix.contains("permit generate --manifest Manifests/ashtrail.json --info-plist --update InfoPlist/\(name)"))
        #expect(report.hasErrors)
    }

    @Test func aPurposeKeyThatIsNotAStringIsMissing() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "NotAString-Info.plist")
        #expect(report.keys(.missingPurposeKey) == ["NSCameraUsageDescription"])
        #expect(report.findings.first?.message.contains("is not a string") == true)
    }

    @Test func notificationsNeedNoPurposeKey() throws {
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Sends the reminders you turn on.")
        ])
        let plist = try InfoPlist(data: Data(Self.plist([:]).utf8), file: "Info.plist")
        let report = PermissionLinter().lint(LintInputs(manifest: manifest, manifestFile: "m.json", infoPlist: plist))
        #expect(report.isClean, "\(report.findings)")
    }

    // MARK: - The keys of each kind

    @Test func locationAlwaysNeedsBothLocationKeysAndAcceptsTheLegacyOne() throws {
        let always = "Tells you when a delivery reaches your door, even when the app is closed."
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .locationAlways, necessity: .optional, purpose: always)
        ])
        let onlyAlways = try lint(manifest, ["NSLocationAlwaysAndWhenInUseUsageDescription": always])
        #expect(onlyAlways.keys(.missingPurposeKey) == ["NSLocationWhenInUseUsageDescription"])
        let both = try lint(
            manifest,
            [
                "NSLocationAlwaysAndWhenInUseUsageDescription": always, "NSLocationWhenInUseUsageDescription": always,
                "NSLocationAlwaysUsageDescription": always,
            ])
        #expect(both.isClean, "\(both.findings)")
    }

    @Test func aKeyTwoKindsNeedHoldsThePurposeOfTheKindWhoseOwnKeyItIs() throws {
        let whenInUse = "Shows the deliveries near where you are while you browse the map."
        let always = "Tells you when a delivery reaches your door, even when the app is closed."
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .locationAlways, necessity: .optional, purpose: always),
            PermissionDeclaration(kind: .location, necessity: .optional, purpose: whenInUse),
        ])
        let plan = PurposeKeyPlan(manifest: manifest, deploymentTarget: .permitMinimum)
        #expect(plan.entries.map(\.key) == ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription"])
        #expect(plan.entries.map(\.purpose) == [always, whenInUse])
    }

    @Test func calendarsAndRemindersNeedTheLegacyKeysOnlyBeforeIOS17() throws {
        var configuration = LintConfiguration()
        let manifest = try Fixture.manifest("calendar-ios17.json")
        let writeOnly = try #require(manifest.declaration(for: PermissionKind("calendarWriteOnly"))).purpose
        let reminders = try #require(manifest.declaration(for: .reminders)).purpose
        let modern = [
            "NSCalendarsWriteOnlyAccessUsageDescription": writeOnly, "NSRemindersFullAccessUsageDescription": reminders,
        ]
        let onIOS16 = try lint(manifest, modern, configuration: configuration)
        #expect(onIOS16.keys(.missingPurposeKey) == ["NSCalendarsUsageDescription", "NSRemindersUsageDescription"])

        configuration.deploymentTarget = DeploymentTarget(major: 17)
        #expect(try lint(manifest, modern, configuration: configuration).isClean)
        // Legacy keys left in place for iOS 17 belong to declared kinds: no creep.
        var withLegacy = modern
        withLegacy["NSCalendarsUsageDescription"] = writeOnly
        withLegacy["NSRemindersUsageDescription"] = reminders
        #expect(try lint(manifest, withLegacy, configuration: configuration).isClean)
    }

    @Test func theFullAccessCalendarKeyIsNotTheWriteOnlyOne() throws {
        let purpose = "Shows your delivery slots next to the events already in your day."
        let manifest = try PermissionManifest([PermissionDeclaration(kind: .calendar, necessity: .optional, purpose: purpose)])
        let report = try lint(
            manifest, ["NSCalendarsWriteOnlyAccessUsageDescription": purpose, "NSCalendarsUsageDescription": purpose])
        #expect(report.keys(.missingPurposeKey) == ["NSCalendarsFullAccessUsageDescription"])
        #expect(report.keys(.undeclaredPurposeKey) == ["NSCalendarsWriteOnlyAccessUsageDescription"])
    }

    // MARK: - undeclared-purpose-key, unread-purpose-key

    @Test func purposeKeysForUndeclaredKindsAreCreep() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "Creep-Info.plist")
        #expect(
            report.keys(.undeclaredPurposeKey) == [
                "NSContactsUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
                "NSMicrophoneUsageDescription",
            ])
        #expect(report.findings.allSatisfy { $0.severity == .warning })
        #expect(report.findings.first?.message.contains("contacts, which the manifest does not declare") == true)
        #expect(!report.hasErrors)
    }

    @Test func theSeedsNotificationKeyIsNeverRead() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "Seed-Info.plist")
        #expect(report.keys(.unreadPurposeKey) == ["NSUserNotificationUsageDescription"])
        #expect(report.keys(.undeclaredPurposeKey).isEmpty)
        // The seed's texts are not AshTrail's.
        #expect(report.keys(.purposeMismatch) == ["NSLocationWhenInUseUsageDescription", "NSCameraUsageDescription"])
        #expect(!report.hasErrors)
    }

    // MARK: - purpose-mismatch

    @Test func aPurposeStringThatDriftedFromTheManifestIsReportedAndChecked() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "Drifted-Info.plist")
        #expect(report.ruleIDs == ["purpose-mismatch", "purpose-vague"])
        #expect(report.findings.allSatisfy { $0.key == "NSCameraUsageDescription" && $0.file == "InfoPlist/Drifted-Info.plist" })
        #expect(report.findings[0].message.contains(#""Camera access is required.""#))
    }

    @Test func aDisabledRuleIsNotReported() throws {
        var configuration = LintConfiguration()
        configuration.disabledRules = [.purposeMismatch, .purposeVague]
        #expect(try Fixture.lint("ashtrail.json", infoPlist: "Drifted-Info.plist", configuration: configuration).isClean)
    }

    // MARK: - Helpers

    static func plist(_ strings: [String: String]) -> String {
        let body = strings.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined()
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
    }

    private func lint(
        _ manifest: PermissionManifest, _ strings: [String: String], configuration: LintConfiguration = LintConfiguration()
    ) throws -> LintReport {
        let plist = try InfoPlist(data: Data(Self.plist(strings).utf8), file: "Info.plist")
        return PermissionLinter(configuration: configuration).lint(
            LintInputs(manifest: manifest, manifestFile: "permissions.json", infoPlist: plist))
    }
}
