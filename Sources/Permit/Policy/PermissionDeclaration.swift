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
///     purpose: "AshTrail adds where you were to a log entry when you ask it to.",
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

    /// The permission.
    public var kind: PermissionKind
    /// Whether the app's core needs it.
    public var necessity: Necessity
    /// Why the app asks: the text of the Info.plist purpose string and of the primer. Never empty.
    public var purpose: String
    /// Whether it is asked for only at feature use, never at startup. Default: `true`.
    public var isLazy: Bool
    /// Whether a primer explaining ``purpose`` comes before the system prompt. Default: `false`.
    public var showsPrimer: Bool

    /// Creates a declaration.
    ///
    /// - Precondition: `purpose` is not empty once spaces are trimmed. Declarations that come from outside
    ///   the program go through ``PermissionManifest/init(json:additionalKinds:)``, which reports that as an error instead.
    public init(
        kind: PermissionKind, necessity: Necessity, purpose: String, isLazy: Bool = true, showsPrimer: Bool = false
    ) {
        precondition(!Self.isBlank(purpose), "the purpose text of \(kind) must not be empty")
        self.kind = kind
        self.necessity = necessity
        self.purpose = purpose
        self.isLazy = isLazy
        self.showsPrimer = showsPrimer
    }

    static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }
}
