/// The screen an app shows before a system prompt, to say why it asks.
///
/// App Review guideline 5.1.1(iv) requires a primer to always continue to the system prompt, with neutral
/// wording and no way to skip it. So a primer has exactly one action, labelled `continueLabel`
/// ("Continue", or the app's own neutral label from its manifest, which `permit lint` checks); when the user takes it, the app calls ``PromptPolicy/request(_:afterPrimer:)`` with
/// `afterPrimer: true`, which the budget and the cooldown cannot hold back.
///
/// For example:
///
/// ```swift
/// if case .showPrimer(let primer) = try await policy.nextStep(for: .location) {
///     await presentPrimer(title: primer.title, message: primer.message, button: primer.continueLabel)
///     _ = try await policy.request(.location, afterPrimer: true)
/// }
/// ```
public struct Primer: Hashable, Sendable {
    /// The neutral label of the primer's only button.
    public static let continueLabel = "Continue"

    /// The permission the primer is for.
    public let kind: PermissionKind
    /// A short title: the declaration's primer title, else the kind's display name, such as "Location".
    public let title: String
    /// The declaration's primer message, else its purpose text.
    public let message: String
    /// The label of the primer's only button: the declaration's continue label, else `Primer.continueLabel`.
    public let continueLabel: String

    /// Creates the primer for `declaration`, with its ``PermissionDeclaration/primerText`` where it has them and
    /// the defaults for the texts it leaves out or blank.
    public init(for declaration: PermissionDeclaration) {
        func given(_ text: String?) -> String? { text.flatMap { PermissionDeclaration.isBlank($0) ? nil : $0 } }
        let texts = declaration.primerText
        self.kind = declaration.kind
        self.title = given(texts.title) ?? declaration.kind.displayName
        self.message = given(texts.message) ?? declaration.purpose
        self.continueLabel = given(texts.continueLabel) ?? Self.continueLabel
    }
}
