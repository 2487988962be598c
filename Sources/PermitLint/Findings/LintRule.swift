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
    /// How to satisfy the rule and why it matters, in a sentence or two: the help text of `--format sarif`.
    public let help: String

    private init(_ id: String, _ severity: LintSeverity, _ summary: String, help: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.help = help
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
        "missing-purpose-key", .error, "a declared kind's Info.plist purpose key is missing or empty",
        help: "Add the key with the manifest's purpose text for the kind; `permit generate --info-plist "
            + "--update` writes it. Without it the app crashes when it asks, and App Store Connect rejects a "
            + "build that references the permission's API (ITMS-90683).")
    /// The Info.plist has a purpose key for a kind the manifest does not declare: permission creep.
    public static let undeclaredPurposeKey = LintRule(
        "undeclared-purpose-key", .warning, "a purpose key for a kind the manifest does not declare",
        help: "Declare the kind in the manifest if the app asks for it; otherwise remove the key: a purpose "
            + "string for a permission the app never asks for is permission creep.")
    /// The Info.plist has a key iOS never reads, such as `NSUserNotificationUsageDescription`.
    public static let unreadPurposeKey = LintRule(
        "unread-purpose-key", .warning, "a purpose key iOS never reads",
        help: "Remove the key: iOS never reads it, and the permission's own prompt needs no purpose string.")
    /// An Info.plist purpose string differs from the manifest's purpose text for its kind.
    public static let purposeMismatch = LintRule(
        "purpose-mismatch", .warning, "a purpose string differs from the manifest's purpose text",
        help: "Keep one text, the manifest's, and write it into the Info.plist with `permit generate "
            + "--info-plist --update`.")

    /// A top-level Info.plist key is written more than once: iOS reads the last, editors often change the first.
    public static let duplicateKey = LintRule(
        "duplicate-key", .warning, "an Info.plist key is written more than once",
        help: "Keep one copy of the key: iOS reads the last one, and editors often change the first.")

    /// The manifest declares `localNetwork`, and the Info.plist's `NSBonjourServices` does not list the Bonjour
    /// service type `LocalNetworkAuthority`'s probe browses for, or is not an array of strings.
    ///
    /// The type is `_permit-probe._tcp` (`LocalNetworkAuthority.defaultServiceType`) unless the sources, when given,
    /// pass `serviceType:` a string literal, which is then the type required. A `serviceType:` value the sources do
    /// not spell out (a variable) is not guessed: the finding says that the type given in code must be listed, when
    /// `NSBonjourServices` lists nothing. An error, as ``missingPurposeKey`` is: iOS refuses the probe's browse,
    /// so the kind reads `unavailable` and can never be granted.
    public static let bonjourServiceMissing = LintRule(
        "bonjour-service-missing", .error, "NSBonjourServices does not list the local network probe's service type",
        help: "List the service type LocalNetworkAuthority browses for in the Info.plist: "
            + "`<key>NSBonjourServices</key><array><string>_permit-probe._tcp</string></array>`, or the type the "
            + "app passes as `serviceType:`; `permit generate --info-plist --update` writes the default, and with "
            + "`--sources` the types the code passes. iOS refuses "
            + "a Bonjour browse for a type NSBonjourServices does not list, so the local network permission reads "
            + "unavailable and cannot be granted.")

    // MARK: - Purpose-string voice

    /// A purpose text holds a placeholder: `TODO`, `lorem ipsum`, an unexpanded `$(…)`, ...
    public static let purposePlaceholder = LintRule(
        "purpose-placeholder", .warning, "a purpose text holds a placeholder",
        help: "Replace the placeholder with a sentence saying what the app does with the permission; App "
            + "Review rejects placeholder purpose strings (5.1.1).")
    /// A purpose text is shorter than ``PurposeStringRules/minimumLength``.
    public static let purposeTooShort = LintRule(
        "purpose-too-short", .warning, "a purpose text is too short to say why and how",
        help: "Say what the app does with the permission and when, in a full sentence, such as \"Scans the "
            + "receipts you photograph to fill in a log entry.\"")
    /// A purpose text names the permission but not what the app does with it ("This app needs your camera.").
    public static let purposeVague = LintRule(
        "purpose-vague", .warning, "a purpose text does not say what the app does with the permission",
        help: "Name the feature and what the app does with the data; \"This app needs access to your camera\" "
            + "says what is asked, not why.")

    /// Two purpose keys of unrelated kinds hold the same text: one was copied from the other and explains the
    /// wrong permission.
    public static let purposeCopied = LintRule(
        "purpose-copied", .warning, "a purpose text is the same as another capability's",
        help: "Write what the app does with this permission: a text written for another permission does not "
            + "explain this one. The keys of one capability (photo library read and add-only, always and "
            + "when-in-use location) may share a sentence.")

    /// A declared kind's purpose key is not translated in a locale the app ships (`InfoPlist.strings`,
    /// `InfoPlist.xcstrings`).
    public static let purposeNotLocalized = LintRule(
        "purpose-not-localized", .warning, "a purpose string is not translated for a locale the app ships",
        help: "Translate the purpose string into every language the app ships, in that locale's "
            + "InfoPlist.strings or the String Catalog.")

    // MARK: - Primers

    /// A primer's continue label, or its translation, reads as the grant: "Allow", "Grant", "Enable", the system
    /// prompt's own words.
    public static let primerLabelPromptWords = LintRule(
        "primer-label-prompt-words", .error, "a primer's continue label uses the system prompt's words (\"Allow\", \"Grant\", ...)",
        help: "Label the primer's button \"Continue\" or \"Next\" (or a translation): \"Allow\", \"Grant\", "
            + "\"Enable\" or the system prompt's own words make the primer read as the grant, which App "
            + "Review rejects (5.1.1(iv)).")
    /// A primer's continue label, or its translation, is not a neutral one such as "Continue" or "Next".
    public static let primerLabelNotNeutral = LintRule(
        "primer-label-not-neutral", .warning, "a primer's continue label is not a neutral one such as \"Continue\"",
        help: "Use a neutral label, \"Continue\" or \"Next\" or a translation of one, that only moves on to "
            + "the system prompt.")
    /// A primer's label, title or message offers a way around the system prompt: "Not now", "Skip", ...
    public static let primerWayAround = LintRule(
        "primer-way-around", .error, "a primer's text offers a way around the system prompt (\"Not now\", \"Skip\", ...)",
        help: "Give the primer one button, which continues to the system prompt: App Review rejects a primer "
            + "that offers \"Not now\", \"Skip\" or another way around the request (5.1.1(iv)).")

    /// A required permission is declared `informsOnce`: the person is offered Settings after a denial once ever.
    public static let informsOnceRequired = LintRule(
        "informs-once-required", .warning, "a required permission offers Settings once ever (informsOnce)",
        help: "Leave `informsOnce` out for a required permission: its offer of Settings comes once per launch, "
            + "and a person who missed the one offer is left with an app whose core does not work and no way "
            + "told to fix it.")

    /// Location declares a `PermissionDeclaration.fullAccuracyPurposeKey`, and the Info.plist's
    /// `NSLocationTemporaryUsageDescriptionDictionary` has no text under it.
    public static let fullAccuracyKeyMissing = LintRule(
        "full-accuracy-key-missing", .error,
        "the manifest's fullAccuracyPurposeKey has no text in NSLocationTemporaryUsageDescriptionDictionary",
        help: "Add the key under NSLocationTemporaryUsageDescriptionDictionary with a sentence that says why the "
            + "app needs a precise location this time. Without it iOS shows no prompt: the policy asks nothing "
            + "(noPurposeKey) and the page's enableHighAccuracy, or a feature that needs precise location, stays "
            + "on an approximate fix.")

    // MARK: - Transport

    /// App Transport Security exceptions (`NSAllowsArbitraryLoads` and friends) or Android cleartext traffic
    /// (`android:usesCleartextTraffic="true"`) let the app load over plain HTTP.
    public static let insecureTransport = LintRule(
        "insecure-transport", .warning, "the app allows plain HTTP (an ATS exception or Android cleartext traffic)",
        help: "Serve every host over HTTPS with TLS 1.2 or later and remove the exception; App Review asks "
            + "for a justification of each App Transport Security exception. NSAllowsLocalNetworking is not "
            + "reported.")

    // MARK: - Modules

    /// The app imports a Permit adapter module that asks for kinds the manifest does not declare.
    public static let moduleKindUndeclared = LintRule(
        "module-kind-undeclared", .error, "a linked Permit module needs a kind the manifest does not declare",
        help: "Declare the kinds of every Permit module the app imports, or stop importing the module: its "
            + "binary references their APIs, and App Store Connect checks their purpose keys (ITMS-90683).")
    /// The manifest declares a kind whose Permit adapter module the app does not import.
    public static let moduleNotLinked = LintRule(
        "module-not-linked", .warning, "a declared kind's Permit module is not imported",
        help: "Import the kind's Permit module where the app asks for it, or remove the declaration if the "
            + "app no longer does.")

    // MARK: - Privacy manifest

    /// The sources use `UserDefaults` and the privacy manifest lacks its required-reason entry.
    public static let privacyUserDefaults = LintRule(
        "privacy-user-defaults", .error, "UserDefaults is used and the privacy manifest does not declare a reason",
        help: "Add the UserDefaults required-reason entry (NSPrivacyAccessedAPICategoryUserDefaults, CA92.1 "
            + "for the app's own data) to PrivacyInfo.xcprivacy; `permit generate --privacy-manifest "
            + "--update` writes it.")

    // MARK: - Entitlements

    /// The manifest declares a kind whose framework needs an entitlement the entitlements file does not hold.
    public static let entitlementMissing = LintRule(
        "entitlement-missing", .error, "a declared kind's framework needs an entitlement the app does not hold",
        help: "Add the capability to the app's target in Xcode's Signing & Capabilities, which writes the "
            + "entitlement; without it iOS refuses the kind on a device (Siri terminates the app).")
    /// The sources say the app holds an entitlement (`holdsSiriEntitlement: true`, a CloudKit container) that
    /// the entitlements file lacks.
    public static let entitlementClaimUnbacked = LintRule(
        "entitlement-claim-unbacked", .error, "the code says the app holds an entitlement its entitlements file lacks",
        help: "Add the capability in Xcode, or stop saying the app holds it (`holdsSiriEntitlement: false`, no "
            + "`cloudKitContainerIdentifier`): the adapter then touches an API that raises without it, and iOS "
            + "terminates the app.")
    /// The sources say the app does not hold an entitlement (`holdsSiriEntitlement: false`) that the
    /// entitlements file holds.
    public static let entitlementUnclaimed = LintRule(
        "entitlement-unclaimed", .warning, "the code says the app does not hold an entitlement it holds",
        help: "Pass `holdsSiriEntitlement: true` so that the adapter reads the permission, or remove the "
            + "capability if the app does not use it.")

    // MARK: - Android

    /// A declared kind's `<uses-permission>` (or the implicit `INTERNET`) is missing from the Android manifest.
    public static let androidMissingPermission = LintRule(
        "android-missing-permission", .error, "a declared kind's <uses-permission> is missing",
        help: "Add the <uses-permission> to AndroidManifest.xml; `permit generate --android-manifest "
            + "--update` writes it. Without it the request fails.")
    /// The Android manifest asks for a permission that belongs to a kind the manifest does not declare.
    public static let androidUndeclaredPermission = LintRule(
        "android-undeclared-permission", .warning, "a <uses-permission> for a kind the manifest does not declare",
        help: "Declare the kind in the manifest if the app asks for it; otherwise remove the "
            + "<uses-permission>: it is permission creep.")

    /// Every rule, in the order findings are reported.
    public static let all: [LintRule] = [
        .missingPurposeKey, .undeclaredPurposeKey, .unreadPurposeKey, .purposeMismatch, .duplicateKey,
        .bonjourServiceMissing,
        .purposePlaceholder, .purposeTooShort, .purposeVague, .purposeCopied, .purposeNotLocalized,
        .primerLabelPromptWords, .primerLabelNotNeutral, .primerWayAround, .informsOnceRequired,
        .fullAccuracyKeyMissing,
        .insecureTransport,
        .moduleKindUndeclared, .moduleNotLinked,
        .privacyUserDefaults,
        .entitlementMissing, .entitlementClaimUnbacked, .entitlementUnclaimed,
        .androidMissingPermission, .androidUndeclaredPermission,
    ]
}
