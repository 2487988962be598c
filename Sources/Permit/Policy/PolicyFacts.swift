/// What the prompt policy persists, under `PromptPolicy.storageKey`: the kinds whose denial notice was
/// given.
struct PolicyFacts: Codable, Hashable, Sendable {
    /// The kinds whose one denial notice the user has been given, sorted.
    var informed: [PermissionKind] = []
}
