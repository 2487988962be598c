/// One fault `permit lint` found: which rule, in which file, at which key, what is wrong and how to fix it.
///
/// ``key`` names the place in the file: an Info.plist or privacy-manifest key, an Android permission, a
/// module, or, in the permission manifest, the kind. ``file`` is the path as it was given.
///
/// For example:
///
/// ```swift
/// for finding in report.findings where finding.severity == .error {
///     print("\(finding.file): \(finding.key): \(finding.message) Fix: \(finding.fix)")
/// }
/// ```
public struct LintFinding: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// The rule that found it.
    public let rule: LintRule
    /// The file at fault, as the path was given.
    public let file: String
    /// The key, permission, module or kind at fault.
    public let key: String
    /// What is wrong, in a sentence.
    public let message: String
    /// What to do about it, in a sentence.
    public let fix: String

    /// Creates a finding.
    public init(rule: LintRule, file: String, key: String, message: String, fix: String) {
        self.rule = rule
        self.file = file
        self.key = key
        self.message = message
        self.fix = fix
    }

    /// The severity, the rule's.
    public var severity: LintSeverity { rule.severity }

    /// The finding as a compiler writes a diagnostic, `file: error: key: message [rule]`, which Xcode shows
    /// beside the build when `permit lint` runs in a build phase. The key is left out when the message
    /// already names it.
    public var description: String {
        "\(file): \(severity): \(keyPrefix)\(message) [\(rule.id)]"
    }

    /// `key: `, or nothing when the message names the key.
    public var keyPrefix: String { message.contains(key) ? "" : key + ": " }

    // MARK: - Encodable

    private enum CodingKeys: String, CodingKey {
        case severity, rule, file, key, message, fix
    }

    /// Encodes `{"severity", "rule", "file", "key", "message", "fix"}`, `rule` as its identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(rule.id, forKey: .rule)
        try container.encode(file, forKey: .file)
        try container.encode(key, forKey: .key)
        try container.encode(message, forKey: .message)
        try container.encode(fix, forKey: .fix)
    }
}
