import ArgumentParser
import Foundation
import Permit
import PermitLint

/// `permit lint`: checks an app's build files against its permission manifest before submission.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an app's Info.plist, privacy manifest, entitlements, Android manifest and imports against its permission manifest.",
        discussion: """
            The permission manifest is the single source of truth: every kind the app asks for is declared \
            there, with its purpose text. Each finding has a severity, a rule, the file, the key and a fix. \
            Errors: a declared kind's Info.plist purpose key missing or empty (App Store Connect rejects the \
            build, ITMS-90683), NSBonjourServices not listing the service type LocalNetworkAuthority probes with \
            when localNetwork is declared (_permit-probe._tcp, or the serviceType: literal --sources finds), a Permit module imported whose kinds are not all declared, the privacy manifest \
            lacking the UserDefaults reason while the app's own code uses it (Permit's own use is declared by \
            the privacy manifests Permit ships), an Android <uses-permission> missing, an entitlement a declared \
            kind needs (Siri, HealthKit, HomeKit, NFC, Focus status) or the code says the app holds \
            (holdsSiriEntitlement: true, a CloudKit container) missing from the .entitlements file. \
            Warnings: purpose keys or Android permissions for undeclared kinds (permission creep), a key iOS \
            never reads, a purpose string that differs from the manifest, is a placeholder, too short or vague, \
            a key written twice, a declared kind whose Permit module is not imported, a purpose string copied from \
            another kind or not translated for a locale the app ships, an ATS exception or Android cleartext \
            traffic, an entitlement held while the code says it is not (holdsSiriEntitlement: false). Each rule \
            runs when its files are given.

            Primers (App Review 5.1.1(iv)): a primer's continue label, from the manifest's primerText or the \
            default "Continue", and its translations in Localizable.strings or .xcstrings (--localizations) must \
            be neutral, "Continue" or "Next": an error when it uses the system prompt's words ("Allow", "Grant", \
            "Enable", ...) or when a label, title or message offers a way around the prompt ("Not now", "Skip"), \
            a warning when it is another label. A primer message is judged as a purpose string.

            --format sarif prints a SARIF 2.1.0 log for GitHub code scanning: every rule with its help text, one \
            result per finding with its file (relative paths against %SRCROOT%), the line that names its key when \
            there is one, and the key.

            Info.plist, privacy manifest and entitlements: XML or binary property lists. Sources: a directory of Swift files \
            or one file; their import lines and identifiers are read, comments and strings skipped but for a \
            serviceType: literal passed to LocalNetworkAuthority(...).

            Exit status: 0 when no error stands (warnings only, unless --warnings-as-errors), 1 when one does, \
            64 for a usage error, 65 when an input file cannot be read or parsed (one line naming the file on \
            standard error; with --json, also {"error": "..."} on standard output).

            --sources skips hidden folders and folders named Tests, Pods, .build, Carthage and DerivedData.
            """
    )

    @OptionGroup var manifestOptions: ManifestOptions

    @Option(name: .long, help: ArgumentHelp("The app's Info.plist, XML or binary.", valueName: "file"))
    var infoPlist: String?

    @Option(name: .long, help: ArgumentHelp("The app's PrivacyInfo.xcprivacy.", valueName: "file"))
    var privacyManifest: String?

    @Option(name: .long, help: ArgumentHelp("The Android app's AndroidManifest.xml.", valueName: "file"))
    var androidManifest: String?

    @OptionGroup var sourcesOption: SourcesOption
    /// The sources' path, when given.
    var sources: String? { sourcesOption.sources }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The app's translated strings: a directory searched for .lproj/InfoPlist.strings, .lproj/Localizable.strings, InfoPlist.xcstrings and Localizable.xcstrings, or one such file.",
            valueName: "path"))
    var localizations: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The app's .entitlements file: checked against the kinds that need an entitlement, and with --sources against what the code says it holds (holdsSiriEntitlement, cloudKitContainerIdentifier).",
            valueName: "file"))
    var entitlements: String?

    @Option(
        name: .customLong("disable-rule"),
        help: ArgumentHelp("Do not report this rule's findings (repeatable): \(LintRule.all.map(\.id).joined(separator: ", ")).", valueName: "id"))
    var disabledRules: [String] = []

    @Option(name: .long, help: ArgumentHelp("The fewest characters a purpose text may have.", valueName: "n"))
    var minPurposeLength = PurposeStringRules().minimumLength

    @Option(
        name: .long,
        help: ArgumentHelp("The fewest specific words (not generic ones such as \"app\", \"needs\", \"access\") a purpose text must have.", valueName: "n"))
    var minPurposeWords = PurposeStringRules().minimumSpecificWords

    @Option(
        name: .customLong("placeholder"),
        help: ArgumentHelp("Another word or phrase that marks a purpose text as unfinished (repeatable).", valueName: "text"))
    var placeholders: [String] = []

    @Flag(name: .long, help: "Accept $(…) build-setting references in purpose texts.")
    var allowBuildSettings = false

    @Flag(name: .long, help: "Exit with status 1 when a warning stands too.")
    var warningsAsErrors = false

    @Flag(name: .long, help: #"Print {"findings": [{"severity", "rule", "file", "key", "message", "fix"}]}: --format json."#)
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The report's format: text for people, json (as --json), or sarif (SARIF 2.1.0, for GitHub code scanning).",
            valueName: "format"))
    var format: ReportFormat?

    /// The format of the report `permit lint` prints.
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    /// The format asked for: `--format`, else `json` with `--json`, else `text`.
    private var reportFormat: ReportFormat { format ?? (json ? .json : .text) }

    func validate() throws {
        if json, let format, format != .json {
            throw ValidationError("--json and --format \(format.rawValue) ask for two formats; give one.")
        }
        for id in disabledRules where LintRule(id: id) == nil {
            throw ValidationError("--disable-rule \(id): no such rule; the rules are \(LintRule.all.map(\.id).joined(separator: ", ")).")
        }
        if minPurposeLength < 0 || minPurposeWords < 0 {
            throw ValidationError("--min-purpose-length and --min-purpose-words must be 0 or more.")
        }
        for (option, path) in [("--info-plist", infoPlist), ("--privacy-manifest", privacyManifest),
            ("--android-manifest", androidManifest), ("--entitlements", entitlements)]
        where path?.isEmpty == true {
            throw ValidationError("\(option) needs a path.")
        }
    }

    func run() throws {
        var configuration = LintConfiguration()
        configuration.disabledRules = Set(disabledRules.compactMap(LintRule.init(id:)))
        configuration.purposeStrings.minimumLength = minPurposeLength
        configuration.purposeStrings.minimumSpecificWords = minPurposeWords
        configuration.purposeStrings.placeholders += placeholders
        configuration.purposeStrings.allowsBuildSettings = allowBuildSettings
        configuration.deploymentTarget = manifestOptions.deploymentTarget
        configuration.additionalKinds = manifestOptions.additionalKinds
        let linter = PermissionLinter(configuration: configuration)

        let inputs = try reportingInputErrors(json: reportFormat == .json) {
            LintInputs(
                manifest: try manifestOptions.readManifest(with: linter), manifestFile: manifestOptions.manifest,
                infoPlist: try infoPlist.map { try InfoPlist(contentsOf: URL(fileURLWithPath: $0)) },
                privacyManifest: try privacyManifest.map { try PrivacyManifest(contentsOf: URL(fileURLWithPath: $0)) },
                androidManifest: try androidManifest.map { try AndroidManifest(contentsOf: URL(fileURLWithPath: $0)) },
                sources: try sourcesOption.scan(),
                localizations: try localizations.map { try PurposeLocalizations(contentsOf: URL(fileURLWithPath: $0)) },
                entitlements: try entitlements.map { try Entitlements(contentsOf: URL(fileURLWithPath: $0)) })
        }
        if privacyManifest != nil, sources == nil {
            Terminal.progress("permit lint: --privacy-manifest is checked only with --sources, which tell whether the app uses UserDefaults")
        }
        let report = linter.lint(inputs)

        switch reportFormat {
        case .json: try printJSON(report)
        case .sarif:
            // The files are read again only to find each finding's line; one that cannot be read has no region.
            let sarif = report.sarifData { path in try? String(contentsOfFile: path, encoding: .utf8) }
            print(String(decoding: sarif, as: UTF8.self))
        case .text: printFindings(report, inputs: inputs)
        }
        if report.hasErrors || (warningsAsErrors && !report.isClean) { throw ExitCode.failure }
    }

    private func printFindings(_ report: LintReport, inputs: LintInputs) {
        for finding in report.findings {
            let severity =
                finding.severity == .error ? Terminal.red(finding.severity.rawValue) : Terminal.yellow(finding.severity.rawValue)
            Terminal.line("\(finding.file): \(severity): \(finding.keyPrefix)\(finding.message) [\(finding.rule.id)]")
            Terminal.line(Terminal.dim("    fix: \(finding.fix)"))
        }
        let checked = [inputs.manifestFile, infoPlist, privacyManifest, androidManifest, sources, localizations, entitlements]
            .compactMap { $0 }
        let errors = report.findings(of: .error).count
        let warnings = report.findings(of: .warning).count
        if report.isClean {
            Terminal.line(Terminal.green("No findings in \(checked.joined(separator: ", "))."))
        } else {
            let summary = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            Terminal.line(errors > 0 ? Terminal.red(summary) : Terminal.yellow(summary))
        }
    }
}
