/// One check `permit lint` makes, with a stable identifier, its severity and a one-line summary.
///
/// The identifiers appear in every finding and in `--json`, and name a rule to turn off with
/// ``LintConfiguration/disabledRules`` (`permit lint --disable-rule purpose-too-short`). ``all`` lists every
/// rule; the PermitLint catalog's rules article explains each one.
///
/// For example:
///
/// ```swift
/// var configuration = LintConfiguration()
/// configuration.disabledRules.insert(.purposeMismatch)
/// let rule = LintRule(id: "missing-purpose-key")      // .missingPurposeKey
/// ```
public struct LintRule: Hashable, Sendable, CustomStringConvertible {
    /// The rule's identifier, such as `missing-purpose-key`.
    public let id: String
    /// The severity of the rule's findings.
    public let severity: LintSeverity
    /// What the rule checks, in one line.
    public let summary: String

    private init(_ id: String, _ severity: LintSeverity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }

    /// The rule named `id`, or `nil` when no rule has that identifier.
    public init?(id: String) {
        guard let rule = Self.all.first(where: { $0.id == id }) else { return nil }
        self = rule
    }

    /// The identifier.
    public var description: String { id }

    /// Rules are equal when their identifiers are.
    public static func == (lhs: LintRule, rhs: LintRule) -> Bool { lhs.id == rhs.id }

    /// Hashes the identifier, consistent with equality.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // MARK: - Info.plist

    /// A declared kind's purpose key is missing from the Info.plist, empty, or not a string.
    public static let missingPurposeKey = LintRule(
        "missing-purpose-key", .error, "a declared kind's Info.plist purpose key is missing or empty")
    /// The Info.plist has a purpose key for a kind the manifest does not declare: permission creep.
    public static let undeclaredPurposeKey = LintRule(
        "undeclared-purpose-key", .warning, "a purpose key for a kind the manifest does not declare")
    /// The Info.plist has a key iOS never reads, such as `NSUserNotificationUsageDescription`.
    public static let unreadPurposeKey = LintRule(
        "unread-purpose-key", .warning, "a purpose key iOS never reads")
    /// An Info.plist purpose string differs from the manifest's purpose text for its kind.
    public static let purposeMismatch = LintRule(
        "purpose-mismatch", .warning, "a purpose string differs from the manifest's purpose text")

    /// A top-level Info.plist key is written more than once: iOS reads the last, editors often change the first.
    public static let duplicateKey = LintRule(
        "duplicate-key", .warning, "an Info.plist key is written more than once")

    // MARK: - Purpose-string voice

    /// A purpose text holds a placeholder: `TODO`, `lorem ipsum`, an unexpanded `$(…)`, ...
    public static let purposePlaceholder = LintRule(
        "purpose-placeholder", .warning, "a purpose text holds a placeholder")
    /// A purpose text is shorter than ``PurposeStringRules/minimumLength``.
    public static let purposeTooShort = LintRule(
        "purpose-too-short", .warning, "a purpose text is too short to say why and how")
    /// A purpose text names the permission but not what the app does with it ("This app needs your camera.").
    public static let purposeVague = LintRule(
        "purpose-vague", .warning, "a purpose text does not say what the app does with the permission")

    /// Two purpose keys of unrelated kinds hold the same text: one was copied from the other and explains the
    /// wrong permission.
    public static let purposeCopied = LintRule(
        "purpose-copied", .warning, "a purpose text is the same as another kind's")

    /// A declared kind's purpose key is not translated in a locale the app ships (`InfoPlist.strings`,
    /// `InfoPlist.xcstrings`).
    public static let purposeNotLocalized = LintRule(
        "purpose-not-localized", .warning, "a purpose string is not translated for a locale the app ships")

    // MARK: - Transport

    /// App Transport Security exceptions (`NSAllowsArbitraryLoads` and friends) or Android cleartext traffic
    /// (`android:usesCleartextTraffic="true"`) let the app load over plain HTTP.
    public static let insecureTransport = LintRule(
        "insecure-transport", .warning, "the app allows plain HTTP (an ATS exception or Android cleartext traffic)")

    // MARK: - Modules

    /// The app imports a Permit adapter module that asks for kinds the manifest does not declare.
    public static let moduleKindUndeclared = LintRule(
        "module-kind-undeclared", .error, "a linked Permit module needs a kind the manifest does not declare")
    /// The manifest declares a kind whose Permit adapter module the app does not import.
    public static let moduleNotLinked = LintRule(
        "module-not-linked", .warning, "a declared kind's Permit module is not imported")

    // MARK: - Privacy manifest

    /// The sources use `UserDefaults` and the privacy manifest lacks its required-reason entry.
    public static let privacyUserDefaults = LintRule(
        "privacy-user-defaults", .error, "UserDefaults is used and the privacy manifest does not declare a reason")

    // MARK: - Android

    /// A declared kind's `<uses-permission>` (or the implicit `INTERNET`) is missing from the Android manifest.
    public static let androidMissingPermission = LintRule(
        "android-missing-permission", .error, "a declared kind's <uses-permission> is missing")
    /// The Android manifest asks for a permission that belongs to a kind the manifest does not declare.
    public static let androidUndeclaredPermission = LintRule(
        "android-undeclared-permission", .warning, "a <uses-permission> for a kind the manifest does not declare")

    /// Every rule, in the order findings are reported.
    public static let all: [LintRule] = [
        .missingPurposeKey, .undeclaredPurposeKey, .unreadPurposeKey, .purposeMismatch, .duplicateKey,
        .purposePlaceholder, .purposeTooShort, .purposeVague, .purposeCopied, .purposeNotLocalized,
        .insecureTransport,
        .moduleKindUndeclared, .moduleNotLinked,
        .privacyUserDefaults,
        .androidMissingPermission, .androidUndeclaredPermission,
    ]
}
