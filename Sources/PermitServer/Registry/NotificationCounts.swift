/// How many installations are silent only (``InstallationRecord/silentOnly``), out of those whose notification
/// settings are known: what the grant rates show beside the days (``GrantRatesReport``).
///
/// As JSON: `{"known": 120, "silentOnly": 7}`.
package struct NotificationCounts: Sendable, Hashable, Codable {
    /// The installations that reported their notification settings and their notifications state.
    package var known: Int
    /// Those of them that allow notifications with every alert type off: their pushes show nothing.
    package var silentOnly: Int

    /// Creates counts.
    package init(known: Int, silentOnly: Int) {
        self.known = known
        self.silentOnly = silentOnly
    }
}
