/// Everything one lint run found, in the order of ``LintRule/all``.
///
/// Encodes as `{"findings": [{"severity", "rule", "file", "key", "message", "fix"}]}`, the shape
/// `permit lint --json` prints.
///
/// For example:
///
/// ```swift
/// let report = PermissionLinter().lint(inputs)
/// if report.hasErrors { exit(1) }
/// ```
public struct LintReport: Hashable, Sendable, Encodable {
    /// The findings, grouped by rule in the order of ``LintRule/all``, then in the order they were found.
    public let findings: [LintFinding]

    /// Creates a report of `findings`, ordered by rule.
    public init(findings: [LintFinding]) {
        let order = Dictionary(uniqueKeysWithValues: LintRule.all.enumerated().map { ($1, $0) })
        self.findings = findings.enumerated().sorted {
            let left = order[$0.element.rule] ?? Int.max
            let right = order[$1.element.rule] ?? Int.max
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Whether an error stands: `permit lint`'s exit status is 1 then.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings of `severity`.
    public func findings(of severity: LintSeverity) -> [LintFinding] {
        findings.filter { $0.severity == severity }
    }

    /// Whether nothing was found.
    public var isClean: Bool { findings.isEmpty }
}
