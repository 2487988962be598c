/// Who made a permission request: the person, by their own action, or the app on its own.
///
/// ``PromptPolicy``'s budget, cooldown and startup hold guard against the app asking on its own: a prompt at
/// launch, from a timer, or after a network answer. A request the person made with their own action (a tap on
/// "Scan", a switch turned on, in the app or in its page) is answered with a prompt when the kind was never
/// asked, whatever those limits say: a person who taps gets the system prompt (after the declared primer, with
/// `PromptPolicy/request(_:presentingPrimerWith:initiatedBy:)`) or learns why not. Nothing changes the rest: it
/// is never a second prompt for a kind, nor a prompt after a denial.
///
/// A request made from a button's action is the person's; one the app starts by itself is the app's. For
/// example:
///
/// ```swift
/// Button("Scan") {
///     Task { _ = try await policy.request(.camera, presentingPrimerWith: primers, initiatedBy: .person) }
/// }
/// ```
public enum RequestInitiator: Hashable, Sendable, CustomStringConvertible {
    /// The person, by their own action: a tap, a click or a key, in the app or in its page.
    case person
    /// The app on its own: at launch, from a timer, after a network answer, or from script the app evaluates
    /// in its page.
    case app

    /// `person` or `app`.
    public var description: String {
        switch self {
        case .person: "person"
        case .app: "app"
        }
    }
}
