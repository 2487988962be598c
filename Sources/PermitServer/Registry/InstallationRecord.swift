package import Foundation
import Permit

/// What the registry keeps about one installation of the app: its push token, its platform, when it was
/// first and last seen, and the permission states it last reported.
///
/// Only the latest state per installation is kept, never a history: the grant rates are counted as the
/// states change and kept as daily aggregates (``GrantDay``).
package struct InstallationRecord: Sendable {
    /// The installation's identifier, chosen by the app.
    package var installation: String
    /// The push token, if the installation has one; a secret, never logged whole.
    package var token: String?
    /// The installation's platform.
    package var platform: Platform
    /// When the registry first saw the installation, in whole seconds.
    package var firstSeen: Date
    /// When the registry last saw the installation, in whole seconds; refreshed at most once a touch
    /// interval when nothing else changes.
    package var lastSeen: Date
    /// The permission states last reported, by kind (such as `camera`).
    package var states: [String: ReportedState]
    /// What the grant counts already hold of each kind, by kind: the days of its last counted answer and
    /// change of mind.
    package var counted: [String: CountedDays]
    /// Whether the installation has proved itself (``InstallationProofs``): once it has, a report without its
    /// proof changes nothing of it. `false` for an installation recorded only from reports without one.
    package var proven: Bool
    /// The APNs environment the app reported for its token, or `nil` when it never said (production is
    /// assumed).
    package var environment: APNsEnvironment?
    /// When a report last carried the token, in whole seconds: its last registration, which an APNs 410 must
    /// postdate to remove it. Refreshed with ``lastSeen``, at most once a touch interval when nothing else
    /// changes; `nil` without a token.
    package var tokenRegistered: Date?
    /// Whether APNs refused the token in a way that often means a configuration mistake (`BadDeviceToken`):
    /// kept, but not sent to, until a report carries another token or another environment.
    package var quarantined: Bool
    /// The notification settings last reported (``NotificationSettings``), or `nil` when no report carried them
    /// (the app did not opt in to mirror them, or predates them). A report without them keeps these.
    package var notificationSettings: NotificationSettings?
    /// The stored copy this record was read as: a number drawn at each write, which the next write names so
    /// that no server writes over a change it has not read (``RegistryWrite/Precondition``); 0 for a record
    /// stored before revisions, or never stored. Not part of equality: two records are equal when they say
    /// the same.
    package var revision: Int64

    /// Creates a record.
    package init(
        installation: String, token: String?, platform: Platform, firstSeen: Date, lastSeen: Date,
        states: [String: ReportedState], counted: [String: CountedDays] = [:], proven: Bool = false,
        environment: APNsEnvironment? = nil, tokenRegistered: Date? = nil, quarantined: Bool = false,
        notificationSettings: NotificationSettings? = nil, revision: Int64 = 0
    ) {
        self.installation = installation
        self.token = token
        self.platform = platform
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.states = states
        self.counted = counted
        self.proven = proven
        self.environment = environment
        self.tokenRegistered = tokenRegistered
        self.quarantined = quarantined
        self.notificationSettings = notificationSettings
        self.revision = revision
    }

    /// Whether the installation allows notifications but shows none of them: every alert type is off
    /// (``NotificationSettings/hidesEveryAlert``) while its `notifications` state is granted. Such an
    /// installation is sent pushes as any other, but a push's alert is neither seen nor heard, and iOS does not
    /// deliver its silent (`content-available`) pushes either.
    ///
    /// `nil` when unknown: the installation never reported its ``notificationSettings``, or never its
    /// `notifications` state. `false` when notifications are not granted, or some alert type is on.
    package var silentOnly: Bool? {
        guard let notificationSettings, let state = states[Self.notificationsKind] else { return nil }
        return state == .granted && notificationSettings.hidesEveryAlert
    }

    /// The identifier of the notifications kind, whose state ``silentOnly`` reads.
    package static let notificationsKind = PermissionKind.notifications.rawValue
}

extension InstallationRecord: Hashable {
    package static func == (lhs: InstallationRecord, rhs: InstallationRecord) -> Bool {
        lhs.installation == rhs.installation && lhs.token == rhs.token && lhs.platform == rhs.platform
            && lhs.firstSeen == rhs.firstSeen && lhs.lastSeen == rhs.lastSeen && lhs.states == rhs.states
            && lhs.counted == rhs.counted && lhs.proven == rhs.proven
            && lhs.environment == rhs.environment && lhs.tokenRegistered == rhs.tokenRegistered
            && lhs.quarantined == rhs.quarantined && lhs.notificationSettings == rhs.notificationSettings
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(installation)
        hasher.combine(token)
        hasher.combine(platform)
        hasher.combine(firstSeen)
        hasher.combine(lastSeen)
        hasher.combine(states)
        hasher.combine(counted)
        hasher.combine(proven)
        hasher.combine(environment)
        hasher.combine(quarantined)
        hasher.combine(notificationSettings)
    }
}
