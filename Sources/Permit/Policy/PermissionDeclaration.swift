/// One permission an app uses, as the app declares it: required or optional, why it asks, and when.
///
/// The purpose text is what the app's Info.plist purpose string says and what its primer shows, so the two
/// never drift apart. A lazy permission is asked for only when the user reaches the feature that needs it,
/// never at startup (see ``PromptPolicy/finishStartup()``).
///
/// Network access is not declared: it is required and implicit (nothing is requested), and its availability
/// is observed through a ``NetworkMonitor``.
///
/// For example:
///
/// ```swift
/// let location = PermissionDeclaration(
///     kind: .location, necessity: .optional,
///     purpose: "Trails adds where you were to a log entry when you ask it to.",
///     showsPrimer: true)
/// ```
public struct PermissionDeclaration: Hashable, Sendable {
    /// Whether the app's core needs a permission.
    public enum Necessity: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The app's core does not work without it; features that use it are unavailable while it is missing.
        case required
        /// The app works without it; features that use it degrade.
        case optional

        /// The necessity's name, as the manifest writes it.
        public var description: String { rawValue }
    }

    /// The app's own wording of a primer: its title, its message and the label of its one button, each
    /// optional; a text left out, or blank, is the default one (see ``Primer``).
    ///
    /// `permit lint` checks them as App Review does (guideline 5.1.1(iv)): the continue label neutral, such
    /// as "Continue" or "Next", never "Allow" or the system prompt's own words, no text offering a way around
    /// the system prompt, and a message that says what the app does with the permission.
    ///
    /// For example:
    ///
    /// ```swift
    /// let texts = PermissionDeclaration.PrimerText(
    ///     title: "Where you were", message: "Trails adds your location to a log entry when you ask it to.",
    ///     continueLabel: "Next")
    /// ```
    public struct PrimerText: Hashable, Sendable {
        /// The primer's title; default: the kind's display name.
        public var title: String?
        /// The primer's message; default: the declaration's purpose.
        public var message: String?
        /// The label of the primer's only button; default: ``Primer/continueLabel-swift.type.property``.
        public var continueLabel: String?

        /// Creates primer texts; each one left `nil` is the default.
        public init(title: String? = nil, message: String? = nil, continueLabel: String? = nil) {
            self.title = title
            self.message = message
            self.continueLabel = continueLabel
        }

        /// Whether no text is set: the primer shows the defaults.
        public var isEmpty: Bool { title == nil && message == nil && continueLabel == nil }
    }

    /// The permission.
    public let kind: PermissionKind
    /// Whether the app's core needs it.
    public let necessity: Necessity
    /// Why the app asks: the text of the Info.plist purpose string and of the primer. A manifest accepts
    /// only a declaration whose purpose is not blank.
    public let purpose: String
    /// Whether it is asked for only at feature use, never at startup. Default: `true`.
    public let isLazy: Bool
    /// Whether a primer explaining ``purpose`` comes before the system prompt. Default: `false`.
    public let showsPrimer: Bool
    /// The app's own primer texts, where it has them. Default: none, so the primer shows the kind's display
    /// name, the purpose and "Continue".
    public let primerText: PrimerText
    /// Whether the person is told at most once, ever, that the permission is off: the offer of Settings after
    /// a denial (``PromptPolicy/offerSettings(for:presenter:opener:)``) is then made once across launches, not
    /// once per launch. Default: `false`.
    ///
    /// For a permission the app can do without, where offering Settings again at each launch would nag. `permit
    /// lint` warns on a required permission that informs once: the person who missed that one offer is left
    /// with an app whose core does not work and no way told to fix it.
    public let informsOnce: Bool
    /// For location: the key of the entry in Info.plist's `NSLocationTemporaryUsageDescriptionDictionary` whose
    /// text iOS shows when the app asks for precise location while the person allowed approximate location only
    /// (``PromptPolicy/requestTemporaryFullAccuracy(for:)``, a page's `enableHighAccuracy`). Default: `nil`, and
    /// the app never asks: the request reads as not upgraded, with the reason
    /// ``FullAccuracyOutcome/Reason/noPurposeKey``. `permit lint` reports a key with no text in the dictionary
    /// (`full-accuracy-key-missing`, an error): iOS would show no prompt.
    public let fullAccuracyPurposeKey: String?

    /// Creates a declaration.
    ///
    /// The declaration is checked when it goes into a ``PermissionManifest``, whether written in Swift
    /// (``PermissionManifest/init(_:)``) or read from JSON: a blank purpose, the `network` kind or a kind
    /// declared twice is rejected there with a ``ManifestError`` naming the entry, and so is a
    /// `fullAccuracyPurposeKey` on a kind other than location, or a blank one.
    public init(
        kind: PermissionKind, necessity: Necessity, purpose: String, isLazy: Bool = true, showsPrimer: Bool = false,
        primerText: PrimerText = PrimerText(), informsOnce: Bool = false, fullAccuracyPurposeKey: String? = nil
    ) {
        self.kind = kind
        self.necessity = necessity
        self.purpose = purpose
        self.isLazy = isLazy
        self.showsPrimer = showsPrimer
        self.primerText = primerText
        self.informsOnce = informsOnce
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
    }

    static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }
}

/// Checks a manifest's declarations one entry at a time, in order: the one rule set behind both of
/// ``PermissionManifest``'s initializers.
struct DeclarationValidator {
    /// The kinds accepted; `nil` accepts any kind but `network`.
    let knownKinds: Set<PermissionKind>?
    private var firstIndex: [PermissionKind: Int] = [:]

    init(knownKinds: Set<PermissionKind>?) { self.knownKinds = knownKinds }

    /// Accepts `declaration` as entry `index`, or throws the ``ManifestError`` that names it.
    mutating func check(_ declaration: PermissionDeclaration, at index: Int) throws {
        let kind = declaration.kind
        try checkKind(kind, at: index)
        guard !PermissionDeclaration.isBlank(declaration.purpose) else {
            throw ManifestError.missingPurpose.at(index, kind: kind.rawValue, "\"purpose\" must be a non-empty string")
        }
        if let key = declaration.fullAccuracyPurposeKey {
            guard kind == .location || kind == .locationAlways else {
                throw ManifestError.malformed.at(
                    index, kind: kind.rawValue, "\"fullAccuracyPurposeKey\" is for location and locationAlways only")
            }
            guard !PermissionDeclaration.isBlank(key) else {
                throw ManifestError.malformed.at(index, kind: kind.rawValue, "\"fullAccuracyPurposeKey\" must not be blank")
            }
        }
        firstIndex[kind] = index
    }

    /// Accepts `kind` as the kind of entry `index`: known, not `network`, not declared by an earlier entry.
    func checkKind(_ kind: PermissionKind, at index: Int) throws {
        guard kind.rawValue != "network" else {
            throw ManifestError.unknownKind.at(
                index, kind: kind.rawValue, "network access is required and implicit; do not declare it")
        }
        if let knownKinds, !knownKinds.contains(kind) {
            throw ManifestError.unknownKind.at(
                index, kind: kind.rawValue, "not a built-in kind; pass the app's own kinds as additionalKinds")
        }
        if let first = firstIndex[kind] {
            throw ManifestError.duplicateKind.at(index, kind: kind.rawValue, "first declared by entry \(first)")
        }
    }
}
