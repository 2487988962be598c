/// What the prompt policy persists, as the attachment ``PromptPolicy/attachmentKey`` of the center's store:
/// `{"informed":["location"],"version":1}`.
struct PolicyFacts: Codable, Hashable, Sendable {
    static let currentVersion = 1

    var version = PolicyFacts.currentVersion
    /// The kinds whose one denial notice the user has been given, sorted.
    var informed: [PermissionKind] = []
}
