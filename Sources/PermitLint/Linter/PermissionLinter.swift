public import Foundation
public import Permit

/// Checks an app's build files against its permission manifest, before submission: Info.plist purpose
/// keys and strings, primer texts, Permit modules imported, the privacy manifest, the Android manifest.
///
/// The manifest (`PermissionManifest`, JSON format version 1) is the single source of truth: every kind
/// the app asks for is declared there with its purpose text, and every build file must agree with it,
/// nothing missing (an error) and nothing more (a warning: permission creep). The checks are pure: the
/// linter reads nothing itself once the inputs are loaded, and ``lint(_:)`` never throws.
///
/// For example:
///
/// ```swift
/// let linter = PermissionLinter()
/// let manifest = try linter.readManifest(contentsOf: URL(fileURLWithPath: "permissions.json"))
/// let report = linter.lint(LintInputs(
///     manifest: manifest, manifestFile: "permissions.json",
///     infoPlist: try InfoPlist(contentsOf: URL(fileURLWithPath: "App/Info.plist"))))
/// for finding in report.findings { print(finding) }
/// // App/Info.plist: error: NSCameraUsageDescription: NSCameraUsageDescription is missing, ... [missing-purpose-key]
/// ```
public struct PermissionLinter: Sendable {
    /// What the linter checks and how strictly.
    public let configuration: LintConfiguration

    /// Creates a linter.
    public init(configuration: LintConfiguration = LintConfiguration()) {
        self.configuration = configuration
    }

    /// Every finding for `inputs`, minus the rules the configuration turns off.
    public func lint(_ inputs: LintInputs) -> LintReport {
        var findings: [LintFinding] = []
        let generate = GenerateCommand(manifestFile: inputs.manifestFile, sources: inputs.sources?.path)
        for declaration in inputs.manifest.declarations {
            findings += configuration.purposeStrings.findings(
                in: declaration.purpose, file: inputs.manifestFile, key: declaration.kind.rawValue)
        }
        findings += PrimerRules.findings(
            manifest: inputs.manifest, manifestFile: inputs.manifestFile, localizations: inputs.localizations,
            configuration: configuration)
        findings += inputs.manifest.declarations.filter { $0.informsOnce && $0.necessity == .required }.map {
            LintFinding(
                rule: .informsOnceRequired, file: inputs.manifestFile, key: $0.kind.rawValue,
                message: "\($0.kind) is required and \"informsOnce\": after a denial the person is offered Settings "
                    + "once ever, and an app whose core needs \($0.kind) stays broken for one who missed it",
                fix: "remove \"informsOnce\" from the \($0.kind) entry, so that Settings is offered once per launch")
        }
        if let plist = inputs.infoPlist {
            findings += InfoPlistRules.findings(
                manifest: inputs.manifest, plist: plist, configuration: configuration, generate: generate)
            findings += BonjourServiceRules.findings(
                manifest: inputs.manifest, plist: plist, sources: inputs.sources, generate: generate)
            findings += TransportRules.findings(plist: plist)
            findings += Self.fullAccuracyFindings(manifest: inputs.manifest, plist: plist)
        }
        if let localizations = inputs.localizations {
            // Xcode's DEVELOPMENT_LANGUAGE is "en" unless the project says otherwise.
            let region = inputs.infoPlist?.string(for: "CFBundleDevelopmentRegion").flatMap { $0.contains("$") ? nil : $0 } ?? "en"
            findings += LocalizationRules.findings(
                manifest: inputs.manifest, localizations: localizations, developmentRegion: region,
                configuration: configuration)
        }
        if let sources = inputs.sources {
            findings += SourceRules.moduleFindings(
                manifest: inputs.manifest, sources: sources, deploymentTarget: configuration.deploymentTarget)
            if let privacy = inputs.privacyManifest {
                findings += SourceRules.privacyFindings(sources: sources, privacy: privacy, generate: generate)
            }
        }
        if let entitlements = inputs.entitlements {
            findings += EntitlementRules.missingFindings(manifest: inputs.manifest, entitlements: entitlements)
            if let sources = inputs.sources {
                findings += EntitlementRules.claimFindings(sources: sources, entitlements: entitlements)
            }
        }
        if let android = inputs.androidManifest {
            findings += AndroidRules.findings(manifest: inputs.manifest, android: android, generate: generate)
            findings += TransportRules.findings(android: android)
        }
        return LintReport(findings: findings.filter { configuration.isEnabled($0.rule) })
    }

    /// Reads a JSON permission manifest with `PermissionManifest`'s own reader, accepting the configuration's
    /// kinds beside the built-in ones.
    ///
    /// - Throws: ``LintError/malformedManifest`` naming `file`, with the `ManifestError`'s sentence as detail.
    public func readManifest(json data: Data, file: String) throws -> PermissionManifest {
        do {
            return try PermissionManifest(json: data, additionalKinds: configuration.manifestKinds)
        } catch let error as ManifestError where error == .unknownKind {
            throw LintError.malformedManifest.about(
                file, error.description + "; an app's own kind is named with `permit lint --kind NAME` (LintConfiguration.additionalKinds)")
        } catch let error as ManifestError {
            throw LintError.malformedManifest.about(file, error.description)
        }
    }

    /// Reads the JSON permission manifest at `url`, named in errors by its path as given.
    public func readManifest(contentsOf url: URL) throws -> PermissionManifest {
        let file = url.relativePath
        return try readManifest(json: InputFile.read(url, file: file), file: file)
    }
}

extension PermissionLinter {
    /// The Info.plist key iOS reads a temporary full-accuracy request's text from.
    static let temporaryUsageKey = "NSLocationTemporaryUsageDescriptionDictionary"

    /// `full-accuracy-key-missing`: each declared full-accuracy purpose key with no text under it.
    static func fullAccuracyFindings(manifest: PermissionManifest, plist: InfoPlist) -> [LintFinding] {
        manifest.declarations.compactMap { declaration in
            guard let purposeKey = declaration.fullAccuracyPurposeKey else { return nil }
            let text = plist.stringDictionaries[temporaryUsageKey]?[purposeKey] ?? ""
            guard text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            let dictionary = plist.keys.contains(temporaryUsageKey) ? "has no text under \(purposeKey)" : "is missing"
            return LintFinding(
                rule: .fullAccuracyKeyMissing, file: plist.file, key: temporaryUsageKey,
                message: "\(temporaryUsageKey) \(dictionary), and the manifest's \(declaration.kind) asks for precise "
                    + "location with the purpose key \(purposeKey): iOS shows no prompt without it, and the fix stays "
                    + "approximate",
                fix: "add <key>\(temporaryUsageKey)</key><dict><key>\(purposeKey)</key><string>why this needs a precise "
                    + "location</string></dict>")
        }
    }
}
