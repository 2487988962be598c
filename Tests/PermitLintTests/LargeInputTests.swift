import Foundation
import Permit
import Testing

@testable import PermitLint

/// Documents far larger or deeper than any build file: each is read in time linear in its size, or refused
/// with an error naming the line.
@Suite struct LargeInputTests {
    static let entries = 10_000

    @Test func deepNestingIsRefusedNamingTheLine() {
        let depth = 50_000
        let xml = String(repeating: "<a>\n", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: XMLSyntaxError(line: XMLTree.maximumDepth + 1, reason: "<a> is nested deeper than 256 elements")) {
            try XMLTree(bytes: Array(xml.utf8))
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = XMLTree.maximumDepth
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        var element = try XMLTree(bytes: Array(xml.utf8)).root
        var levels = 1
        while let child = element.children.first {
            element = child
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test(.timeLimit(.minutes(1))) func aLargeAndroidManifestIsReadAndEdited() throws {
        let lines = (0..<Self.entries).map { #"    <uses-permission android:name="com.example.permission.P\#($0)" />"# }
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            \(lines.joined(separator: "\n"))
            </manifest>
            """
        let android = try AndroidManifest(data: Data(xml.utf8), file: "AndroidManifest.xml")
        #expect(android.permissions.count == Self.entries)
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let updated = try AndroidManifest(
            data: try generator.updatingAndroidManifest(Data(xml.utf8), file: "AndroidManifest.xml"), file: "AndroidManifest.xml")
        let needed = try AndroidManifest(
            data: Data("<manifest xmlns:android=\"\(AndroidManifest.androidNamespace)\">\(generator.androidManifestFragment())</manifest>".utf8),
            file: "fragment"
        ).permissions
        #expect(needed.first == "android.permission.INTERNET")
        #expect(updated.permissions == android.permissions + needed)
    }

    @Test(.timeLimit(.minutes(1))) func aLargePrivacyManifestIsReadAndEdited() throws {
        let entry = """
            \t\t<dict>
            \t\t\t<key>NSPrivacyAccessedAPIType</key>
            \t\t\t<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
            \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
            \t\t\t<array><string>C617.1</string></array>
            \t\t</dict>
            """
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>NSPrivacyAccessedAPITypes</key>
            \t<array>
            \(Array(repeating: entry, count: Self.entries).joined(separator: "\n"))
            \t</array>
            </dict>
            </plist>
            """
        let data = Data(xml.utf8)
        _ = try PrivacyManifest(data: data, file: "PrivacyInfo.xcprivacy")
        let updated = try FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
            .updatingPrivacyManifest(data, file: "PrivacyInfo.xcprivacy")
        let manifest = try PrivacyManifest(data: updated, file: "PrivacyInfo.xcprivacy")
        #expect(manifest.reasons(for: PlatformTable.userDefaultsCategory) == ["CA92.1"])
        #expect(String(decoding: updated, as: UTF8.self).hasPrefix(String(xml.prefix(while: { $0 != "\t" }))))
    }

    @Test(.timeLimit(.minutes(1))) func manyAttributesOnOneLineAreRead() throws {
        let attributes = (0..<Self.entries).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let children = String(repeating: "<b/>", count: Self.entries)
        let tree = try XMLTree(bytes: Array("<a \(attributes)>\(children)</a>".utf8))
        #expect(tree.root.attributes.count == Self.entries && tree.root.children.count == Self.entries)
        #expect(throws: XMLSyntaxError(line: 1, reason: "the attribute a0 appears twice in <a>")) {
            try XMLTree(bytes: Array("<a \(attributes) a0=\"again\"/>".utf8))
        }
    }
}

/// Deeply nested property lists: Foundation's parser refuses them itself (more than 512 levels), and the
/// editor's reader refuses them past 256, each with a clean error.
@Suite struct DeepPropertyListTests {
    static let depth = 50_000

    static var deepPlist: Data {
        Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>Deep</key>\n"
                + String(repeating: "<array>\n", count: depth) + String(repeating: "</array>", count: depth)
                + "\n</dict>\n</plist>\n").utf8)
    }

    @Test func aDeeplyNestedInfoPlistIsRefusedNamingTheLine() {
        let error = lintError { _ = try InfoPlist(data: Self.deepPlist, file: "Info.plist") }
        #expect(error == .malformedPropertyList)
        #expect(error?.description.hasPrefix("Info.plist: not a property list: ") == true)
    }

    @Test func aDeeplyNestedPrivacyManifestIsRefused() {
        #expect(lintError { _ = try PrivacyManifest(data: Self.deepPlist, file: "PrivacyInfo.xcprivacy") } == .malformedPropertyList)
    }

    @Test func aDeeplyNestedPlistIsNotEdited() throws {
        let generator = FragmentGenerator(manifest: try Fixture.manifest("ashtrail.json"))
        let error = lintError { _ = try generator.updatingInfoPlist(Self.deepPlist, file: "Info.plist") }
        #expect(error == .malformedXML)
        #expect(error?.description.hasSuffix("line \(4 + XMLTree.maximumDepth - 1): <array> is nested deeper than 256 elements") == true)
    }
}
