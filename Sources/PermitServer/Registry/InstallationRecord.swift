package import Foundation

/// What the registry keeps about one installation of the app: its push token, its platform, when it was
/// first and last seen, and the permission states it last reported.
///
/// Only the latest state per installation is kept, never a history: the grant rates are counted as the
/// states change and kept as daily aggregates (``GrantDay``).
package struct InstallationRecord: Sendable, Hashable {
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

    /// Creates a record.
    package init(
        installation: String, token: String?, platform: Platform, firstSeen: Date, lastSeen: Date,
        states: [String: ReportedState]
    ) {
        self.installation = installation
        self.token = token
        self.platform = platform
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.states = states
    }
}
