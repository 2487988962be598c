extension PromptPolicy {
    /// The budget and cooldown of a policy.
    public struct Configuration: Hashable, Sendable {
        /// How many system prompts the policy allows in one launch. Default: 3.
        public let promptBudget: Int
        /// The least time between two system prompts. Default: 10 seconds.
        public let cooldown: Duration
        /// Whether a prompt on screen holds every other kind's prompt back until it is answered. Default:
        /// `true`. With `false`, requests for different kinds prompt at once and the OS shows their prompts in
        /// turn.
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
}
