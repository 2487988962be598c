package import Foundation

/// What an operator reads of one installation (`GET /permit/installations/ID`): its record, the token shortened
/// as in the logs (``TokenRedaction``), and whether it is silent only.
///
/// As JSON, with dates in ISO 8601:
///
/// ```json
/// {"environment": "production", "firstSeen": "2026-06-01T09:00:00Z", "installation": "3f2a9c1e-ios",
///  "lastSeen": "2026-06-02T10:00:00Z", "notifications": {"alerts": false, "badges": false, "center": false,
///  "critical": false, "lockScreen": false, "sounds": false, "summary": false, "timeSensitive": false},
///  "platform": "ios", "proven": true, "quarantined": false, "silentOnly": true,
///  "states": {"notifications": "granted"}, "token": "abcdef…(152)"}
/// ```
///
/// `notifications` is absent and `silentOnly` is `null` when they are unknown; `environment` is absent when the app
/// never said, and `token` is `none` without one.
package struct InstallationSummary: Sendable, Hashable, Codable {
    /// The installation's identifier.
    package var installation: String
    /// The push token's first characters and its length, `none` without a token.
    package var token: String
    /// The platform.
    package var platform: Platform
    /// When the registry first saw the installation.
    package var firstSeen: Date
    /// When the registry last saw it.
    package var lastSeen: Date
    /// The permission states last reported, by kind.
    package var states: [String: ReportedState]
    /// The notification settings last reported, if any.
    package var notifications: NotificationSettings?
    /// Whether notifications are allowed with every alert type off (``InstallationRecord/silentOnly``); `nil`
    /// when unknown.
    package var silentOnly: Bool?
    /// Whether the installation proved itself.
    package var proven: Bool
    /// The token's APNs environment, if the app said.
    package var environment: APNsEnvironment?
    /// Whether the token is quarantined.
    package var quarantined: Bool

    /// The summary of `record`.
    package init(_ record: InstallationRecord) {
        installation = record.installation
        token = TokenRedaction.redact(record.token)
        platform = record.platform
        firstSeen = record.firstSeen
        lastSeen = record.lastSeen
        states = record.states
        notifications = record.notificationSettings
        silentOnly = record.silentOnly
        proven = record.proven
        environment = record.environment
        quarantined = record.quarantined
    }

    private enum CodingKeys: String, CodingKey {
        case installation, token, platform, firstSeen, lastSeen, states, notifications, silentOnly, proven, environment,
            quarantined
    }

    /// Encodes the summary, with `silentOnly` as `null` when unknown (so that a reader sees the field).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(installation, forKey: .installation)
        try container.encode(token, forKey: .token)
        try container.encode(platform, forKey: .platform)
        try container.encode(firstSeen, forKey: .firstSeen)
        try container.encode(lastSeen, forKey: .lastSeen)
        try container.encode(states, forKey: .states)
        try container.encodeIfPresent(notifications, forKey: .notifications)
        try container.encode(silentOnly, forKey: .silentOnly)
        try container.encode(proven, forKey: .proven)
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encode(quarantined, forKey: .quarantined)
    }
}
