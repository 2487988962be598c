public import Foundation

extension LintReport {
    /// The SARIF version ``sarifData(contents:)`` writes.
    public static let sarifVersion = "2.1.0"
    /// The schema ``sarifData(contents:)`` names in `$schema`.
    public static let sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The report as a SARIF 2.1.0 log, the format GitHub code scanning and other code-scanning tools read:
    /// what `permit lint --format sarif` prints.
    ///
    /// One run, whose tool (`permit lint`) lists every rule of ``LintRule/all`` with its identifier, summary, help
    /// text and default level; one result per finding, with its rule, its level (`error` or `warning`), its
    /// message and fix as the message text, the file as the location (a relative path as a URI reference against
    /// `%SRCROOT%`, an absolute one as a `file` URI) and the key as a logical location. Findings carry no line
    /// numbers; when `contents` gives the text of a finding's file (by its path as given), the location's region
    /// starts at the first line that names the key (`<key>KEY</key>`, `"KEY"`, then `KEY` itself; for an
    /// App Transport Security key path its last key; for a primer message its kind), which code scanning needs
    /// to show the finding in the file. A finding whose key is not found has no region. The JSON is
    /// pretty-printed with its keys sorted.
    ///
    /// For example:
    ///
    /// ```swift
    /// let report = PermissionLinter().lint(inputs)
    /// let sarif = report.sarifData { path in try? String(contentsOfFile: path, encoding: .utf8) }
    /// try sarif.write(to: URL(fileURLWithPath: "permit-lint.sarif"))
    /// ```
    public func sarifData(contents: (String) -> String? = { _ in nil }) -> Data {
        let rules = LintRule.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let log = SARIFLog(
            schema: Self.sarifSchema, version: Self.sarifVersion,
            runs: [
                SARIFLog.Run(
                    tool: .init(driver: .init(name: "permit lint", rules: rules.map(SARIFLog.Rule.init))),
                    results: findings.map { finding in
                        SARIFLog.Result(
                            finding, ruleIndex: index[finding.rule],
                            line: contents(finding.file).flatMap { finding.line(in: $0) })
                    },
                    columnKind: "unicodeCodePoints")
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings, integers and arrays of them always encode.
        return (try? encoder.encode(log)) ?? Data()
    }
}

/// The part of SARIF 2.1.0 that ``LintReport/sarifData(contents:)`` writes.
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
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region?
        }
        struct Region: Encodable { var startLine: Int }
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

        init(_ finding: LintFinding, ruleIndex: Int?, line: Int?) {
            ruleId = finding.rule.id
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Text(text: "\(finding.keyPrefix)\(finding.message). Fix: \(finding.fix).")
            locations = [
                Location(
                    physicalLocation: PhysicalLocation(
                        artifactLocation: Self.artifactLocation(finding.file), region: line.map(Region.init)),
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

extension LintFinding {
    /// The first line (from 1) of `text` that names the finding's key, as ``LintReport/sarifData(contents:)`` looks
    /// for it, or `nil`.
    func line(in text: String) -> Int? {
        var names = [key]
        // An App Transport Security key path names its last key; a primer message, its kind.
        if key.hasPrefix("NSAppTransportSecurity."), let last = key.split(separator: ".").last { names.append(String(last)) }
        if key.hasSuffix(" primer message"), let kind = key.split(separator: " ").first { names.append(String(kind)) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for name in names {
            for needle in ["<key>\(name)</key>", "\"\(name)\"", name] {
                if let index = lines.firstIndex(where: { $0.contains(needle) }) { return index + 1 }
            }
        }
        return nil
    }
}
