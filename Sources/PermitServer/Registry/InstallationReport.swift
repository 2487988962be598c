/// What one request tells about an installation: from the web view's cookies or from the native endpoint.
///
/// A report may leave things out: a missing token keeps the registered one, and a kind not reported keeps
/// its last state, and missing notification settings keep the last ones. As JSON (the native report's body) it
/// has `installation`, `token`, `platform`, `states`, `proof`, `environment` (`sandbox` or `production`, the APNs
/// environment of an iOS token) and `notifications` (``NotificationSettings``, all eight as `true` or `false`).
package struct InstallationReport: Sendable, Hashable, Codable {
    /// The installation's identifier.
    package var installation: String
    /// The push token, if the request carried one.
    package var token: String?
    /// The platform, if the request said.
    package var platform: Platform?
    /// The permission states the request carried, by kind.
    package var states: [String: ReportedState]
    /// What the request carried to prove it comes from the installation (``InstallationProofs``).
    package var proof: Proof
    /// The APNs environment of the token, if the request said.
    package var environment: APNsEnvironment?
    /// The notification settings, if the request carried the whole set (the app opted in to mirror them).
    package var notifications: NotificationSettings?

    /// What a report carries to prove it comes from its installation.
    package enum Proof: Sendable, Hashable {
        /// No proof: a cookie without one (an app of an earlier version, or one that has no proof yet). Such a
        /// report never replaces a stored token, and is refused for an installation that has proved itself.
        case absent
        /// This proof, not yet checked: the report is refused whole when it is not the installation's.
        case presented(String)
        /// No proof, from a native report, which asks for one: admitted for a new installation and for one that
        /// never proved itself (trust on first proven report), which it then proves; refused for one that has.
        case claim
    }

    /// Creates a report.
    package init(
        installation: String, token: String? = nil, platform: Platform? = nil, states: [String: ReportedState] = [:],
        proof: Proof = .absent, environment: APNsEnvironment? = nil, notifications: NotificationSettings? = nil
    ) {
        self.installation = installation
        self.token = token
        self.platform = platform
        self.states = states
        self.proof = proof
        self.environment = environment
        self.notifications = notifications
    }

    private enum CodingKeys: String, CodingKey {
        case installation, token, platform, states, proof, environment, notifications
    }

    /// Decodes a report; a `proof` string is ``Proof/presented(_:)``, and none is ``Proof/absent``.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        installation = try container.decode(String.self, forKey: .installation)
        token = try container.decodeIfPresent(String.self, forKey: .token)
        platform = try container.decodeIfPresent(Platform.self, forKey: .platform)
        states = try container.decode([String: ReportedState].self, forKey: .states)
        proof = try container.decodeIfPresent(String.self, forKey: .proof).map(Proof.presented) ?? .absent
        environment = try container.decodeIfPresent(APNsEnvironment.self, forKey: .environment)
        notifications = try container.decodeIfPresent(NotificationSettings.self, forKey: .notifications)
    }

    /// Encodes the report, with its proof only when it presents one.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(installation, forKey: .installation)
        try container.encodeIfPresent(token, forKey: .token)
        try container.encodeIfPresent(platform, forKey: .platform)
        try container.encode(states, forKey: .states)
        if case .presented(let proof) = proof { try container.encode(proof, forKey: .proof) }
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encodeIfPresent(notifications, forKey: .notifications)
    }
}
