import Foundation
import Permit
import PermitLint
import Testing

/// The fixtures under Fixtures/, named in findings by their path there, such as `InfoPlist/AshTrail-Info.plist`.
enum Fixture {
    static let root: URL = {
        guard let resources = Bundle.module.resourceURL else { fatalError("the test bundle has no resources") }
        return resources.appendingPathComponent("Fixtures", isDirectory: true)
    }()

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    static func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    static func text(_ path: String) throws -> String { String(decoding: try data(path), as: UTF8.self) }

    static func manifest(_ name: String, linter: PermissionLinter = PermissionLinter()) throws -> PermissionManifest {
        try linter.readManifest(json: data("Manifests/\(name)"), file: "Manifests/\(name)")
    }

    static func infoPlist(_ name: String) throws -> InfoPlist {
        try InfoPlist(data: data("InfoPlist/\(name)"), file: "InfoPlist/\(name)")
    }

    static func android(_ name: String) throws -> AndroidManifest {
        try AndroidManifest(data: data("Android/\(name)"), file: "Android/\(name)")
    }

    static func privacy(_ name: String) throws -> PrivacyManifest {
        try PrivacyManifest(data: data("Privacy/\(name)"), file: "Privacy/\(name)")
    }

    static func sources(_ name: String) throws -> SourceScan {
        try SourceScan(contentsOf: url("Sources/\(name)"))
    }

    /// Lints the named fixtures against the manifest `manifest`.
    static func lint(
        _ manifest: String, infoPlist: String? = nil, privacy: String? = nil, android: String? = nil,
        sources: String? = nil, configuration: LintConfiguration = LintConfiguration()
    ) throws -> LintReport {
        let linter = PermissionLinter(configuration: configuration)
        return linter.lint(
            LintInputs(
                manifest: try Fixture.manifest(manifest, linter: linter), manifestFile: "Manifests/\(manifest)",
                infoPlist: try infoPlist.map(Fixture.infoPlist), privacyManifest: try privacy.map(Fixture.privacy),
                androidManifest: try android.map(Fixture.android), sources: try sources.map(Fixture.sources)))
    }
}

extension LintReport {
    /// The keys of the findings of `rule`, in order.
    func keys(_ rule: LintRule) -> [String] { findings.filter { $0.rule == rule }.map(\.key) }

    /// The rule identifiers of every finding, in order.
    var ruleIDs: [String] { findings.map(\.rule.id) }
}

/// The error `body` throws, as a `LintError`; fails the test when it throws nothing or something else.
func lintError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> LintError? {
    do {
        try body()
        Issue.record("expected a LintError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as LintError {
        return error
    } catch {
        Issue.record("expected a LintError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
