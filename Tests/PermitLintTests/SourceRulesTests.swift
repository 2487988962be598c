import Foundation
import Permit
import Testing

@testable import PermitLint

@Suite struct SourceRulesTests {
    // MARK: - Reading sources

    @Test func importsAreReadFromCodeOnly() throws {
        let scan = try Fixture.sources("AshTrailApp")
        #expect(
            Set(scan.imports.keys) == [
                "Logging", "Permit", "PermitLocation", "PermitNotifications", "SwiftUI", "Foundation", "PermitCamera",
                "Vision",
            ])
        #expect(scan.file(importing: "PermitCamera")?.hasSuffix("AshTrailApp/Features/ReceiptScanner.swift") == true)
        #expect(scan.file(importing: "PermitLocation")?.hasSuffix("AshTrailApp/AshTrailApp.swift") == true)
        // The app keeps its store in UserDefaults through Permit's UserDefaultsPermissionStore: Permit's code
        // makes that use, and Permit's own privacy manifest declares it.
        #expect(scan.userDefaultsUse == nil)
    }

    @Test func commentedOutImportsAndStringsDoNotCount() throws {
        let scan = try Fixture.sources("CommentedImports")
        #expect(Set(scan.imports.keys) == ["Permit", "PermitLocation"])
        #expect(scan.userDefaultsUse == nil)
    }

    @Test func permitsOwnUseOfUserDefaultsIsNotTheAppsUse() {
        // PermitLocation remembers in UserDefaults that it asked for always; its own privacy manifest says why.
        let always = SourceScan(
            path: "App", files: [("App.swift", "import PermitLocationAlways\nlet location = LocationAuthority.includingAlways()\n")])
        #expect(always.userDefaultsUse == nil)
        let store = SourceScan(
            path: "App", files: [("App.swift", "import Permit\nlet store = UserDefaultsPermissionStore(defaults: .standard)\n")])
        #expect(store.userDefaultsUse == nil)
        let own = SourceScan(path: "App", files: [("App.swift", "import SwiftUI\nstruct V { @AppStorage(\"x\") var x = 1 }\n")])
        #expect(own.userDefaultsUse == .init(file: "App.swift", identifier: "AppStorage"))
    }

    @Test func permitShipsThePrivacyManifestsThatCoverItsOwnUse() throws {
        // The modules whose code touches UserDefaults declare CA92.1 themselves (the lint rule relies on it).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")
        for module in ["Permit", "PermitLocation"] {
            let privacy = try PrivacyManifest(
                contentsOf: root.appendingPathComponent("\(module)/PrivacyInfo.xcprivacy").standardizedFileURL)
            #expect(privacy.reasons(for: "NSPrivacyAccessedAPICategoryUserDefaults") == ["CA92.1"], "\(module)")
        }
    }

    @Test func everyFormOfImportIsRead() {
        let code = SwiftCode(
            """
            import A
            @preconcurrency import B
            public import C.Sub
            import struct D.Thing
            @testable @_spi(X) internal import E; import F
            @_exported import G // import H
            let x = 1; import I
            importantThing()
            #if canImport(J)
            """)
        #expect(code.importedModules == ["A", "B", "C", "D", "E", "F", "G", "I"])
    }

    @Test func commentsAndStringsAreBlankedKeepingLines() {
        let code = SwiftCode(
            """
            let a = "import X" /* import Y
            /* nested */ still comment */ let b = #"raw "quoted" import Z"#
            let c = \"\"\"
                import W
                \"\"\"
            let d = "escaped \\" quote" + UserDefaults.standard.description
            """)
        #expect(code.lines.count == 6)
        #expect(code.importedModules.isEmpty)
        #expect(code.identifiers.isSuperset(of: ["a", "b", "c", "d", "UserDefaults", "standard", "description"]))
        #expect(!code.identifiers.contains("X") && !code.identifiers.contains("Z") && !code.identifiers.contains("quote"))
    }

    @Test func aPathThatDoesNotExistIsUnreadable() {
        let error = lintError { _ = try SourceScan(contentsOf: URL(fileURLWithPath: "no/such/Sources")) }
        #expect(error == .unreadable)
        #expect(error?.description == "no/such/Sources: cannot be read: no such file or directory")
    }

    // MARK: - module-kind-undeclared, module-not-linked

    @Test func modulesWhoseKindsAreAllDeclaredLintClean() throws {
        let report = try Fixture.lint("every-kind.json", sources: "EveryAdapter")
        #expect(report.isClean, "\(report.findings)")
    }

    /// Issue 20: AshTrail (precise location while in use, camera, notifications) imports only the adapters it
    /// needs, and none of them references an API of a kind it does not declare.
    @Test func theAshTrailAppWithOnlyTheAdaptersItNeedsLintsClean() throws {
        let report = try Fixture.lint(
            "ashtrail.json", infoPlist: "AshTrail-Info.plist", privacy: "AshTrail-PrivacyInfo.xcprivacy",
            android: "AshTrail-AndroidManifest.xml", sources: "AshTrailApp")
        #expect(report.isClean, "\(report.findings)")
    }

    @Test func aModuleAskingForUndeclaredKindsIsAnError() throws {
        let report = try Fixture.lint("location-only.json", sources: "UndeclaredModules.swift")
        #expect(report.keys(.moduleKindUndeclared) == ["PermitCamera", "PermitNotifications"])
        #expect(report.ruleIDs.allSatisfy { $0 == "module-kind-undeclared" })
        let camera = report.findings[0]
        #expect(camera.severity == .error && camera.file.hasSuffix("Sources/UndeclaredModules.swift"))
        #expect(camera.message.contains("does not declare camera;") && camera.message.contains("ITMS-90683"))
        #expect(camera.message.contains("their purpose keys NSCameraUsageDescription are missing"))
        #expect(!report.findings[1].message.contains("purpose keys"))
    }

    /// ITMS-90683 looks at the API a binary references, not at what the app asks for: importing an adapter adds
    /// exactly the keys of the kinds whose APIs it references. Issue 20 split always location and the
    /// microphone into modules of their own; importing them beside AshTrail's adapters asks for their keys only.
    @Test func importingAnAdapterAddsExactlyTheKeysItsAPIsNeed() throws {
        let report = try Fixture.lint("ashtrail.json", sources: "AlwaysAndMicrophone.swift")
        #expect(report.keys(.moduleKindUndeclared) == ["PermitLocationAlways", "PermitMicrophone"])
        let always = report.findings[0]
        #expect(always.message.contains("does not declare locationAlways;"))
        #expect(always.message.contains("their purpose keys NSLocationAlwaysAndWhenInUseUsageDescription are missing"))
        #expect(always.fix.contains("declare locationAlways in the manifest"))
        #expect(report.findings[1].message.contains("does not declare microphone;"))
        #expect(report.findings[1].message.hasSuffix("their purpose keys NSMicrophoneUsageDescription are missing: App Store Connect rejects a build that references an API with no purpose string (ITMS-90683)"))
    }

    @Test func everyAdapterModuleShips() {
        #expect(PlatformTable.modules.allSatisfy { $0.exists })
    }

    @Test func aModuleThatDoesNotShipIsNeverAskedFor() throws {
        let planned = PlatformTable.modules.map { PlatformTable.Module(name: $0.name, kinds: $0.kinds, exists: false) }
        let findings = SourceRules.moduleFindings(
            manifest: try Fixture.manifest("ashtrail.json"), sources: try Fixture.sources("CommentedImports"), modules: planned
        ).filter { $0.rule == .moduleNotLinked }
        #expect(findings.isEmpty)
    }

    @Test func aDeclaredKindWhoseShippedModuleIsNotImportedIsAWarning() throws {
        let report = try Fixture.lint("ashtrail.json", sources: "CommentedImports")
        let findings = report.findings.filter { $0.rule == .moduleNotLinked }
        #expect(findings.map(\.key) == ["notifications", "camera"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings[0].message.contains("PermitNotifications"))
    }

    // MARK: - privacy-user-defaults

    @Test(arguments: [
        ("NoUserDefaults-PrivacyInfo.xcprivacy", "declares no NSPrivacyAccessedAPICategoryUserDefaults entry"),
        ("NoReason-PrivacyInfo.xcprivacy", "with no reason"),
        ("WrongReason-PrivacyInfo.xcprivacy", "reasons Apple does not list for it: C617.1"),
    ])
    func usingUserDefaultsWithoutAReasonIsAnError(privacy: String, problem: String) throws {
        let report = try Fixture.lint("location-only.json", privacy: privacy, sources: "UndeclaredModules.swift")
        #expect(report.keys(.privacyUserDefaults).count == 1)
        let finding = try #require(report.findings.first { $0.rule == .privacyUserDefaults })
        #expect(finding.severity == .error && finding.key == "NSPrivacyAccessedAPITypes" && finding.file == "Privacy/\(privacy)")
        #expect(finding.message.contains(problem) && finding.message.contains("uses UserDefaults"))
        #expect(finding.fix.contains("CA92.1"))
    }

    @Test func anAppWhoseOnlyUseIsPermitsStoreNeedsNoEntry() throws {
        let report = try Fixture.lint("ashtrail.json", privacy: "NoUserDefaults-PrivacyInfo.xcprivacy", sources: "AshTrailApp")
        #expect(report.keys(.privacyUserDefaults).isEmpty)
    }

    @Test func aDeclaredReasonOrNoUseLintsClean() throws {
        #expect(try Fixture.lint("every-kind.json", privacy: "AshTrail-PrivacyInfo.xcprivacy", sources: "EveryAdapter").isClean)
        let unused = try Fixture.lint(
            "ashtrail.json", privacy: "NoUserDefaults-PrivacyInfo.xcprivacy", sources: "CommentedImports")
        #expect(unused.keys(.privacyUserDefaults).isEmpty)
    }

    @Test func aBinaryPrivacyManifestIsRead() throws {
        let xml = try Fixture.data("Privacy/AshTrail-PrivacyInfo.xcprivacy")
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        let privacy = try PrivacyManifest(data: binary, file: "PrivacyInfo.xcprivacy")
        #expect(privacy.reasons(for: "NSPrivacyAccessedAPICategoryUserDefaults") == ["CA92.1"])
        #expect(privacy.reasons(for: "NSPrivacyAccessedAPICategoryFileTimestamp") == ["C617.1"])
    }
}
