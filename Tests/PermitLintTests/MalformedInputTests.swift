import Foundation
import Permit
import Testing

@testable import PermitLint

/// A bad input file stops the run with a one-line `LintError` naming the file; it never crashes.
@Suite struct MalformedInputTests {
    @Test func aTruncatedBinaryPlistIsAClearError() throws {
        let error = lintError { _ = try Fixture.infoPlist("Truncated-Info.bplist") }
        #expect(error == .malformedPropertyList)
        #expect(
            error?.description
                == "InfoPlist/Truncated-Info.bplist: not a property list: a binary property list that is truncated or corrupt")
    }

    @Test func everyTruncationAndCorruptionOfABinaryPlistIsAnErrorNotACrash() throws {
        let bytes = try Fixture.data("InfoPlist/AshTrail-Info.bplist")
        for length in stride(from: 0, to: bytes.count, by: 3) {
            let error = lintError { _ = try InfoPlist(data: bytes.prefix(length), file: "Info.plist") }
            // Under 6 bytes there is no "bplist" magic: "bpl" reads as an old-style string, not a dictionary.
            #expect(error == (length >= 6 || length == 0 ? .malformedPropertyList : .unexpectedContent), "\(length) bytes")
            #expect(error?.description.hasPrefix("Info.plist: ") == true)
        }
        // The trailer's offsets pointing past the end, one byte at a time.
        for position in (bytes.count - 26)..<bytes.count {
            var corrupt = bytes
            corrupt[position] = 0xFF
            do {
                _ = try InfoPlist(data: corrupt, file: "Info.plist")
            } catch let error as LintError {
                #expect(error == .malformedPropertyList || error == .unexpectedContent)
                #expect(error.description.hasPrefix("Info.plist: "))
            }
        }
    }

    @Test func aMalformedXMLPlistNamesTheFile() {
        let error = lintError { _ = try Fixture.infoPlist("Malformed-Info.plist") }
        #expect(error == .malformedPropertyList)
        #expect(error?.description.hasPrefix("InfoPlist/Malformed-Info.plist: not a property list: neither an XML nor a binary") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aPlistWhoseTopLevelIsNotADictionaryIsRejected() {
        let error = lintError { _ = try Fixture.infoPlist("Array-Info.plist") }
        #expect(error == .unexpectedContent)
        #expect(
            error?.description
                == "InfoPlist/Array-Info.plist: unexpected content: the property list's top level is an array, not a dictionary")
    }

    @Test func anEmptyFileIsRejected() {
        let error = lintError { _ = try InfoPlist(data: Data(), file: "Info.plist") }
        #expect(error?.description == "Info.plist: not a property list: the file is empty")
    }

    @Test func aMissingFileIsUnreadable() {
        let error = lintError { _ = try InfoPlist(contentsOf: URL(fileURLWithPath: "App/NoSuch-Info.plist")) }
        #expect(error == .unreadable)
        #expect(error?.description.hasPrefix("App/NoSuch-Info.plist: cannot be read") == true)
    }

    @Test func aMalformedAndroidManifestNamesTheFileAndLine() {
        let error = lintError { _ = try Fixture.android("Malformed-AndroidManifest.xml") }
        #expect(error == .malformedXML)
        #expect(
            error?.description
                == "Android/Malformed-AndroidManifest.xml: not well-formed XML: line 6: end tag </application> does not close <activity> of line 5")
    }

    @Test func aUsesPermissionWithoutAnAndroidNameIsRejected() {
        let error = lintError { _ = try Fixture.android("NoName-AndroidManifest.xml") }
        #expect(error == .unexpectedContent)
        #expect(error?.description.contains("line 3: <uses-permission> has no name in the Android namespace") == true)
    }

    @Test func anAndroidManifestWhoseRootIsNotManifestIsRejected() {
        let error = lintError { _ = try AndroidManifest(data: Data("<resources/>".utf8), file: "strings.xml") }
        #expect(error?.description == "strings.xml: unexpected content: the root element is <resources>, not <manifest>")
    }

    @Test func anInvalidPermissionManifestNamesTheFileAndEntry() {
        let error = lintError { _ = try Fixture.manifest("duplicate-kind.json") }
        #expect(error == .malformedManifest)
        #expect(
            error?.description
                == "Manifests/duplicate-kind.json: not a valid permission manifest: permission manifest: entry 1 (kind \"camera\"): the kind is declared twice: first declared by entry 0")
    }

    @Test func anAppKindIsAcceptedWhenConfigured() throws {
        let json = Data(#"{"version":1,"permissions":[{"kind":"health","necessity":"optional","purpose":"Reads the steps you walk."}]}"#.utf8)
        let error = lintError { _ = try PermissionLinter().readManifest(json: json, file: "m.json") }
        #expect(error == .malformedManifest)
        #expect(error?.description.contains("the kind is not known") == true)
        #expect(error?.description.contains("--kind NAME") == true)
        var configuration = LintConfiguration()
        configuration.additionalKinds = [PermissionKind("health")]
        let manifest = try PermissionLinter(configuration: configuration).readManifest(json: json, file: "m.json")
        #expect(manifest.kinds == [PermissionKind("health")])
    }

    @Test func aPrivacyManifestOfTheWrongShapeIsRejected() {
        let plist = InfoPlistRulesTests.plist(["NSPrivacyAccessedAPITypes": "UserDefaults"])
        let error = lintError { _ = try PrivacyManifest(data: Data(plist.utf8), file: "PrivacyInfo.xcprivacy") }
        #expect(
            error?.description
                == "PrivacyInfo.xcprivacy: unexpected content: NSPrivacyAccessedAPITypes is a string, not an array")
    }
}
