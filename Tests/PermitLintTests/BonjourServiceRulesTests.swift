import Foundation
import Permit
import Testing

@testable import PermitLint

/// `bonjour-service-missing`: an app that declares `localNetwork` lists its probe's Bonjour type in
/// `NSBonjourServices` (issue 33).
@Suite struct BonjourServiceRulesTests {
    static let purpose = "Finds the receipt printer on your Wi-Fi network so that you can print a log entry."
    static let probe = "_permit-probe._tcp"

    // MARK: - The Info.plist

    @Test func aMissingArrayIsAnErrorNamingTheKeyAndTheType() throws {
        let report = try lint(bonjour: nil)
        #expect(report.ruleIDs == ["bonjour-service-missing"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error && finding.key == "NSBonjourServices" && finding.file == "Info.plist")
        #expect(finding.message.hasPrefix("NSBonjourServices is missing, and the manifest declares localNetwork"))
        #expect(finding.message.contains("browses for _permit-probe._tcp (the default"))
        #expect(finding.message.contains("reads unavailable and cannot be granted"))
        #expect(
            finding.fix
                == "add <key>NSBonjourServices</key><array><string>_permit-probe._tcp</string></array>; "
                + "`permit generate --manifest permissions.json --info-plist --update Info.plist` writes it")
        #expect(report.hasErrors)
    }

    @Test func anArrayListingTheTypeIsClean() throws {
        let report = try lint(bonjour: Self.array(["_http._tcp", Self.probe]))
        #expect(report.isClean, "\(report.findings)")
    }

    @Test(arguments: [["_http._tcp", "_ipp._tcp"], [], ["_permit-probe._udp"]])
    func anArrayWithOtherTypesOnlyIsAnError(types: [String]) throws {
        let report = try lint(bonjour: Self.array(types))
        #expect(report.keys(.bonjourServiceMissing) == ["NSBonjourServices"])
        let finding = try #require(report.findings.first)
        let listed = types.isEmpty ? "lists no service type" : "lists " + types.joined(separator: ", ")
        #expect(finding.message.hasPrefix("NSBonjourServices \(listed), and the manifest declares localNetwork"))
        #expect(finding.fix.hasPrefix("add <string>_permit-probe._tcp</string> to the <array> of <key>NSBonjourServices</key>"))
    }

    @Test(arguments: ["<string>_permit-probe._tcp</string>", "<array><integer>1</integer></array>", "<dict/>"])
    func aValueThatIsNotAnArrayOfStringsIsAnError(value: String) throws {
        let report = try lint(bonjour: value)
        let finding = try #require(report.findings.first { $0.rule == .bonjourServiceMissing })
        #expect(finding.message.hasPrefix("NSBonjourServices is not an array of strings"))
        #expect(finding.fix.hasPrefix("make the value of <key>NSBonjourServices</key> an <array> of <string>s"))
        #expect(finding.fix.contains("<array><string>_permit-probe._tcp</string></array>"))
    }

    @Test func aBinaryInfoPlistIsReadToo() throws {
        let values: [String: Any] = ["NSLocalNetworkUsageDescription": Self.purpose, "NSBonjourServices": [Self.probe]]
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        let plist = try InfoPlist(data: data, file: "Info.plist")
        #expect(plist.isBinary && plist.stringArrays["NSBonjourServices"] == [Self.probe])
        let report = PermissionLinter().lint(LintInputs(manifest: try Self.manifest(), manifestFile: "m.json", infoPlist: plist))
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func anAppThatDoesNotDeclareLocalNetworkNeedsNothing() throws {
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: InfoPlistRulesTests.camera)
        ])
        let camera = "<key>NSCameraUsageDescription</key><string>\(InfoPlistRulesTests.camera)</string>"
        #expect(try lint(plist: Self.plist(camera), manifest: manifest).isClean)
        for bonjour in ["<key>NSBonjourServices</key><true/>", "<key>NSBonjourServices</key><array/>"] {
            // The key is the undeclared kind's, as before; what it lists is not checked.
            let report = try lint(plist: Self.plist(camera + bonjour), manifest: manifest)
            #expect(report.ruleIDs == ["undeclared-purpose-key"], "\(bonjour): \(report.findings)")
        }
    }

    // MARK: - The type given in code

    @Test func aServiceTypeLiteralInTheSourcesIsTheTypeRequired() throws {
        let sources = SourceScan(
            path: "App", files: [("App/Probe.swift", "import PermitLocalNetwork\n\nlet probe = LocalNetworkAuthority(serviceType: \"_x._tcp\")\n")])
        let onlyDefault = try lint(bonjour: Self.array([Self.probe]), sources: sources)
        #expect(onlyDefault.keys(.bonjourServiceMissing) == ["NSBonjourServices"])
        let finding = try #require(onlyDefault.findings.first)
        #expect(finding.message.contains("browses for _x._tcp (passed as serviceType: in App/Probe.swift:3)"))
        let generate = "; `permit generate --manifest permissions.json --info-plist --sources App --update Info.plist` writes it"
        #expect(finding.fix == "add <string>_x._tcp</string> to the <array> of <key>NSBonjourServices</key>" + generate)
        #expect(try lint(bonjour: Self.array(["_x._tcp"]), sources: sources).isClean)
        let missing = try #require(try lint(bonjour: nil, sources: sources).findings.first)
        #expect(missing.fix == "add <key>NSBonjourServices</key><array><string>_x._tcp</string></array>" + generate)
    }

    @Test func aServiceTypeTheLinterCannotReadIsNotGuessed() throws {
        let sources = SourceScan(
            path: "App", files: [("Probe.swift", "let authority = LocalNetworkAuthority(\n    serviceType: Config.probeType)\nimport PermitLocalNetwork\n")])
        let finding = try #require(try lint(bonjour: nil, sources: sources).findings.first)
        #expect(finding.rule == .bonjourServiceMissing)
        #expect(finding.message.contains("LocalNetworkAuthority in Probe.swift:1 browses for the service type given in code (`serviceType: Config.probeType`)"))
        #expect(!finding.message.contains(Self.probe) && !finding.fix.contains(Self.probe))
        #expect(try lint(bonjour: Self.array([]), sources: sources).ruleIDs == ["bonjour-service-missing"])
        // Any listed type may be the one in code: nothing to report.
        #expect(try lint(bonjour: Self.array(["_printer._tcp"]), sources: sources).isClean)
    }

    @Test func theDeprecatedEndpointProbeNeedsNoTypeAndACallWithoutOneNeedsTheDefault() throws {
        let endpoint = SourceScan(
            path: "App", files: [("A.swift", "let a = LocalNetworkAuthority(endpoint: printer)\nimport PermitLocalNetwork")])
        #expect(try lint(bonjour: nil, sources: endpoint).isClean)
        let plain = SourceScan(
            path: "App", files: [("A.swift", "let a = LocalNetworkAuthority(requestTimeout: .seconds(30))\nimport PermitLocalNetwork")])
        let finding = try #require(try lint(bonjour: nil, sources: plain).findings.first)
        #expect(finding.message.contains("browses for _permit-probe._tcp (the default, taken by the call in A.swift:1)"))
    }

    @Test func sourcesThatNeverImportPermitLocalNetworkNeedNoType() throws {
        // The app reads the permission with an authority of its own; its Bonjour needs are its own.
        let own = SourceScan(path: "App", files: [("A.swift", "import Network\nstruct OwnLocalNetworkAuthority {}\n")])
        #expect(try lint(bonjour: nil, sources: own).isClean)
    }

    @Test func withoutSourcesAListOfOtherTypesSaysHowToReadTheTypeInCode() throws {
        let finding = try #require(try lint(bonjour: Self.array(["_ipp._tcp"])).findings.first)
        #expect(finding.message.hasSuffix("(if the app passes a listed type as serviceType:, lint with --sources to read it)"))
        let missing = try #require(try lint(bonjour: nil).findings.first)
        #expect(!missing.message.contains("--sources"), "nothing listed: no listed type can be the one in code")
    }

    @Test func theServiceTypeIsReadFromCodeOnly() {
        let source = #"""
            // LocalNetworkAuthority(serviceType: "_commented._tcp")
            let text = "LocalNetworkAuthority(serviceType: \"_quoted._tcp\")"
            let browser = MCNearbyServiceBrowser(peer: peer, serviceType: "zoobox")
            let a = LocalNetworkAuthority.init(
                statusTimeout: .seconds(2),  // serviceType: "_note._tcp"
                serviceType: "_a._tcp", logger: Logger(label: "x, y"))
            let b = LocalNetworkAuthority(serviceType: "_\(name)._tcp")
            let c = LocalNetworkAuthority(serviceType: LocalNetworkAuthority.defaultServiceType)
            let d = LocalNetworkAuthority(serviceType: prefix + "._tcp")
            extension LocalNetworkAuthority { static let shared = LocalNetworkAuthority(serviceType: "_e._tcp") }
            """#
        let calls = SwiftCode(source).localNetworkAuthorityCalls()
        #expect(calls.map(\.line) == [4, 7, 8, 9, 10])
        #expect(
            calls.map(\.serviceType) == [
                .literal("_a._tcp"), .unreadable(#""_\(name)._tcp""#), .defaultType, .unreadable(#"prefix + "._tcp""#),
                .literal("_e._tcp"),
            ])
    }

    @Test func aCommentBeforeOrAfterTheValueIsSkipped() {
        let source = #"""
            let a = LocalNetworkAuthority(serviceType: /* the printer's */ "_ipp._tcp")
            let b = LocalNetworkAuthority(serviceType: LocalNetworkAuthority.defaultServiceType // the default
            )
            let c = LocalNetworkAuthority(serviceType: Config.probeType /* set per build */)
            let d = LocalNetworkAuthority(serviceType: "http://x" + path // why
            )
            """#
        let calls = SwiftCode(source).localNetworkAuthorityCalls()
        #expect(
            calls.map(\.serviceType) == [
                .literal("_ipp._tcp"), .defaultType, .unreadable("Config.probeType"), .unreadable(#""http://x" + path"#),
            ])
    }

    @Test func theDefaultTypeIsLocalNetworkAuthoritysDefault() throws {
        // PermitLocalNetwork builds on Apple platforms only, so its source is read: the two must not drift apart.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(
            contentsOf: root.appendingPathComponent("Sources/PermitLocalNetwork/LocalNetworkAuthority.swift"), encoding: .utf8)
        #expect(source.contains("public static let defaultServiceType = \"\(PlatformTable.localNetworkProbeServiceType)\""))
        #expect(PlatformTable.localNetworkProbeServiceType == Self.probe)
    }

    // MARK: - Generate

    @Test func theFragmentListsTheProbesTypeAndLintsClean() throws {
        let generator = FragmentGenerator(manifest: try Self.manifest())
        let fragment = generator.infoPlistFragment()
        #expect(
            fragment == """
                <key>NSLocalNetworkUsageDescription</key>
                <string>\(Self.purpose)</string>
                <key>NSBonjourServices</key>
                <array>
                \t<string>_permit-probe._tcp</string>
                </array>

                """)
        let report = try lint(plist: "<plist version=\"1.0\"><dict>\n" + fragment + "</dict></plist>")
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func updatingAddsTheEntryInTheFilesIndentationOrTheTypeToTheArray() throws {
        let generator = FragmentGenerator(manifest: try Self.manifest())
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "  <key>NSLocalNetworkUsageDescription</key>\n  <string>\(Self.purpose)</string>\n"
        let without = head + "</dict>\n</plist>\n"
        let added = String(decoding: try generator.updatingInfoPlist(Data(without.utf8), file: "Info.plist"), as: UTF8.self)
        #expect(
            added == head + "  <key>NSBonjourServices</key>\n  <array>\n    <string>_permit-probe._tcp</string>\n  </array>\n"
                + "</dict>\n</plist>\n")
        #expect(try lint(plist: added).isClean)

        let other = head + "  <key>NSBonjourServices</key>\n  <array>\n    <string>_ipp._tcp</string>\n  </array>\n</dict>\n</plist>\n"
        let appended = String(decoding: try generator.updatingInfoPlist(Data(other.utf8), file: "Info.plist"), as: UTF8.self)
        #expect(
            appended
                == other.replacingOccurrences(
                    of: "<string>_ipp._tcp</string>\n", with: "<string>_ipp._tcp</string>\n    <string>_permit-probe._tcp</string>\n"))
        #expect(try lint(plist: appended).isClean)
        #expect(try generator.updatingInfoPlist(Data(appended.utf8), file: "Info.plist") == Data(appended.utf8))
    }

    @Test func updatingRefusesAValueThatIsNotAnArrayOfStrings() throws {
        let generator = FragmentGenerator(manifest: try Self.manifest())
        let data = Data(Self.plist(Self.localNetworkKey + "<key>NSBonjourServices</key><string>_ipp._tcp</string>").utf8)
        let error = lintError { _ = try generator.updatingInfoPlist(data, file: "Info.plist") }
        #expect(error?.description.contains("NSBonjourServices holds <string>, not an <array> of <string>s") == true)
    }

    // MARK: - Helpers

    static func manifest() throws -> PermissionManifest {
        try PermissionManifest([PermissionDeclaration(kind: .localNetwork, necessity: .optional, purpose: purpose)])
    }

    static let localNetworkKey = "<key>NSLocalNetworkUsageDescription</key><string>\(purpose)</string>"

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
    }

    static func array(_ types: [String]) -> String {
        "<array>" + types.map { "<string>\($0)</string>" }.joined() + "</array>"
    }

    /// Lints a localNetwork app whose Info.plist has its purpose string and, unless `nil`, `bonjour` as the value of
    /// `NSBonjourServices`.
    private func lint(bonjour: String?, sources: SourceScan? = nil) throws -> LintReport {
        try lint(plist: Self.plist(Self.localNetworkKey + (bonjour.map { "<key>NSBonjourServices</key>" + $0 } ?? "")), sources: sources)
    }

    private func lint(plist: String, manifest: PermissionManifest? = nil, sources: SourceScan? = nil) throws -> LintReport {
        let report = PermissionLinter().lint(
            LintInputs(
                manifest: try manifest ?? Self.manifest(), manifestFile: "permissions.json",
                infoPlist: try InfoPlist(data: Data(plist.utf8), file: "Info.plist"), sources: sources))
        // Sources without `import PermitLocalNetwork` are not what these tests are about.
        return LintReport(findings: report.findings.filter { $0.rule != .moduleNotLinked })
    }
}
