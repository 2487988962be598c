public import Permit

/// What a lint run checks and how strictly: rules turned off, the purpose-string rules, the oldest iOS
/// version the app runs on, and the app's own permission kinds.
///
/// `permit lint` builds one from its flags: `--disable-rule ID` (repeatable), `--min-purpose-length N`,
/// `--min-purpose-words N`, `--placeholder WORD` (repeatable), `--allow-build-settings`,
/// `--deployment-target 17.0` and `--kind NAME` (repeatable).
///
/// For example:
///
/// ```swift
/// var configuration = LintConfiguration()
/// configuration.disabledRules = [.moduleNotLinked]
/// configuration.purposeStrings.minimumLength = 30
/// configuration.deploymentTarget = DeploymentTarget(major: 17)
/// let report = PermissionLinter(configuration: configuration).lint(inputs)
/// ```
public struct LintConfiguration: Hashable, Sendable {
    /// Rules whose findings are not reported.
    public var disabledRules: Set<LintRule> = []
    /// The purpose-string voice rules.
    public var purposeStrings = PurposeStringRules()
    /// The oldest iOS version the app runs on: below iOS 17, the legacy calendar and reminders keys are
    /// needed too. Default: iOS 16, Permit's minimum.
    public var deploymentTarget = DeploymentTarget.permitMinimum
    /// The app's own permission kinds, accepted in its manifest beside the built-in ones. PermitLint knows no
    /// purpose key or Android permission for them, so only their purpose texts are checked.
    public var additionalKinds: [PermissionKind] = []

    /// Creates the default configuration: every rule on, the default purpose-string rules, iOS 16.
    public init() {}

    /// Whether `rule`'s findings are reported.
    public func isEnabled(_ rule: LintRule) -> Bool { !disabledRules.contains(rule) }

    /// The kinds a manifest may declare beside the built-in ones: the app's own and any PermitLint's table knows
    /// beyond the built-in ones (none today).
    var manifestKinds: [PermissionKind] { PlatformTable.additionalKinds + additionalKinds }
}
