import Foundation
import Permit
import PermitLint
import Testing

/// Issue 34: the false alarms `permit lint` raised on production Info.plists, each with its fixture, and the
/// real finding beside them that must stay one.
@Suite struct FalseAlarmTests {
    // MARK: - insecure-transport

    @Test func allowingLocalNetworkingIsNotAnInsecureTransportException() throws {
        let report = try Fixture.lint("ashtrail.json", infoPlist: "LocalNetworking-Info.plist")
        #expect(report.isClean, "\(report.findings)")
    }

    // MARK: - purpose-copied: one capability

    @Test func theWhenInUseSentenceUnderTheLegacyLocationKeyIsNoCopy() throws {
        // Both keys hold an older sentence than the manifest's: the needed key differs from it; that is all.
        let report = try Fixture.lint("location-only.json", infoPlist: "LocationLegacy-Info.plist")
        #expect(report.ruleIDs == ["purpose-mismatch"], "\(report.findings)")
        #expect(report.keys(.purposeMismatch) == ["NSLocationWhenInUseUsageDescription"])
    }

    @Test func theWhenInUseSentenceUnderTheAlwaysKeyIsNoCopy() throws {
        // The manifest gives always a text of its own, so the always key differs from it; that is all.
        let report = try Fixture.lint("location-always.json", infoPlist: "LocationAlways-Info.plist")
        #expect(report.ruleIDs == ["purpose-mismatch"], "\(report.findings)")
        #expect(report.keys(.purposeMismatch) == ["NSLocationAlwaysAndWhenInUseUsageDescription"])
    }

    @Test func oneSentenceUnderThePhotoLibraryReadAndAddOnlyKeysIsNoCopy() throws {
        // Both keys hold an older sentence than the manifest's: each differs from it, and neither copies the other.
        let report = try Fixture.lint("photos-shared.json", infoPlist: "PhotosOlder-Info.plist")
        #expect(report.ruleIDs == ["purpose-mismatch", "purpose-mismatch"], "\(report.findings)")
    }

    @Test func aManifestPurposeSharedByPhotosAndAddOnlyIsNoCopy() throws {
        #expect(try Fixture.lint("photos-shared.json", infoPlist: "PhotosShared-Info.plist").isClean)
        #expect(try Fixture.lint("photos-shared.json").isClean)
    }

    // MARK: - purpose-copied: unrelated kinds

    @Test func theLocationSentenceCopiedIntoTheMotionKeyIsStillACopy() throws {
        let report = try Fixture.lint("location-motion.json", infoPlist: "MotionCopied-Info.plist")
        #expect(report.keys(.purposeCopied) == ["NSMotionUsageDescription"])
        let finding = try #require(report.findings.first { $0.rule == .purposeCopied })
        #expect(finding.message.contains("says the same as the manifest's purpose for location"))
        #expect(report.keys(.purposeMismatch) == ["NSMotionUsageDescription"])
    }
}
