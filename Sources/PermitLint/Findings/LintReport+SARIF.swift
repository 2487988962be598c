public import Foundation

extension LintReport {
    /// The SARIF version ``sarifData()`` writes.
    public static let sarifVersion = "2.1.0"
    /// The schema ``sarifData()`` names in `$schema`.
    public static let sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The report as a SARIF 2.1.0 log, the format GitHub code scanning and other code-scanning tools read:
    /// what `permit lint --format sarif` prints.
    ///
    /// One run, whose tool (`permit lint`) lists every rule of ``LintRule/all`` with its identifier, summary, help
    /// text and default level; one result per finding, with its rule, its level (`error` or `warning`), its
    /// message and fix as the message text, the file as the location (a relative path as a URI reference against
    /// `%SRCROOT%`, an absolute one as a `file` URI) and the key as a logical location. Findings carry no line
    /// numbers, so a location has no region. The JSON is pretty-printed with its keys sorted.
    ///
    /// For example:
    ///
    /// ```swift
    /// let report = PermissionLinter().lint(inputs)
    /// try report.sarifData().write(to: URL(fileURLWithPath: "permit-lint.sarif"))
    /// ```
    public func sarifData() -> Data {
        let rules = LintRule.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let log = SARIFLog(
            schema: Self.sarifSchema, version: Self.sarifVersion,
            runs: [
                SARIFLog.Run(
                    tool: .init(driver: .init(name: "permit lint", rules: rules.map(SARIFLog.Rule.init))),
                    results: findings.map { SARIFLog.Result($0, ruleIndex: index[$0.rule]) },
                    columnKind: "unicodeCodePoints")
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings, integers and arrays of them always encode.
        return (try? encoder.encode(log)) ?? Data()
    }
}

/// The part of SARIF 2.1.0 that ``LintReport/sarifData()`` writes.
private struct SARIFLog: Encodable {
    struct Text: Encodable { var text: String }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind: String
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        struct Configuration: Encodable { var level: String }
        var id: String
        var shortDescription: Text
        var help: Text
        var defaultConfiguration: Configuration

        init(_ rule: LintRule) {
            id = rule.id
            shortDescription = Text(text: rule.summary)
            help = Text(text: rule.help)
            defaultConfiguration = Configuration(level: rule.severity.rawValue)
        }
    }

    struct Result: Encodable {
        struct Location: Encodable {
            var physicalLocation: PhysicalLocation
            var logicalLocations: [LogicalLocation]
        }
        struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation }
        struct ArtifactLocation: Encodable {
            var uri: String
            var uriBaseId: String?
        }
        struct LogicalLocation: Encodable { var name: String }

        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]

        init(_ finding: LintFinding, ruleIndex: Int?) {
            ruleId = finding.rule.id
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Text(text: "\(finding.keyPrefix)\(finding.message). Fix: \(finding.fix).")
            locations = [
                Location(
                    physicalLocation: PhysicalLocation(artifactLocation: Self.artifactLocation(finding.file)),
                    logicalLocations: [LogicalLocation(name: finding.key)])
            ]
            // Stable across runs, so that code scanning matches a finding with the one it saw before.
            partialFingerprints = ["permitLintFinding/v1": "\(finding.rule.id):\(finding.file):\(finding.key)"]
        }

        /// A relative path as a URI reference against `%SRCROOT%`; an absolute one as a `file` URI.
        static func artifactLocation(_ path: String) -> ArtifactLocation {
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: ":")
            let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
            return path.hasPrefix("/")
                ? ArtifactLocation(uri: "file://" + encoded, uriBaseId: nil)
                : ArtifactLocation(uri: encoded, uriBaseId: "%SRCROOT%")
        }
    }

    var schema: String
    var version: String
    var runs: [Run]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }
}
