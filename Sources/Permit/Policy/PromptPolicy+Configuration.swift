public import Logging

extension PromptPolicy {
    /// The budget and cooldown of a policy.
    public struct Configuration: Hashable, Sendable {
        /// How many system prompts the policy allows in one launch. Default: 3.
        public let promptBudget: Int
        /// The least time between two system prompts. Default: 10 seconds.
        public let cooldown: Duration
        /// Whether a prompt on screen holds every other kind's prompt back until it is answered. Default:
        /// `true`: the app's own request is held back, and a person's request or a primer's Continue waits for
        /// the answer, then prompts. With `false`, requests for different kinds prompt at once and the OS shows
        /// their prompts in turn.
        public let promptsOneAtATime: Bool

        /// Creates a configuration.
        ///
        /// - Precondition: `promptBudget` and `cooldown` are not negative.
        public init(promptBudget: Int = 3, cooldown: Duration = .seconds(10), promptsOneAtATime: Bool = true) {
            precondition(promptBudget >= 0, "promptBudget must not be negative")
            precondition(cooldown >= .zero, "cooldown must not be negative")
            self.promptBudget = promptBudget
            self.cooldown = cooldown
            self.promptsOneAtATime = promptsOneAtATime
        }
    }

    /// A policy for an app that declares no manifest: every kind the center tracks (but network) is declared
    /// optional and asked for at use, with no primer, no budget, no cooldown and no holding back while another
    /// kind's prompt is on screen, and startup is over. It still never prompts twice for a kind, and never after
    /// a denial: what a web page's requests get when the app has no policy of its own.
    ///
    /// - Parameters:
    ///   - center: The app's permission center.
    ///   - logger: Receives prompts at `info` and held-back requests at `debug`.
    public static func askingAtUse(for center: PermissionCenter, logger: Logger) -> PromptPolicy {
        let declarations = center.kinds.filter { $0.rawValue != "network" }.map {
            PermissionDeclaration(kind: $0, necessity: .optional, purpose: "asked for at use", isLazy: false)
        }
        let manifest: PermissionManifest
        do {
            manifest = try PermissionManifest(declarations)
        } catch {
            preconditionFailure("a center's kinds are distinct and network is left out: \(error)")
        }
        return PromptPolicy(
            manifest: manifest, center: center, configuration: Configuration(promptBudget: .max, cooldown: .zero, promptsOneAtATime: false),
            clock: ContinuousClock(), startupFinished: true, logger: logger)
    }
}
