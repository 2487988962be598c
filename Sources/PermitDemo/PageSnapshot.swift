/// What the demo page shows, as `window.permitDemo.snapshot()` reports it.
package struct PageSnapshot: Decodable, Sendable, CustomStringConvertible {
    /// One permission's card.
    package struct Rendered: Decodable, Sendable, Hashable {
        /// The status the card shows.
        package var status: String
        /// Its button: `Request` or `Open Settings`.
        package var action: String
    }

    /// `window.zooboxPermissions`.
    package var statuses: [String: String]
    /// The permission cards.
    package var rendered: [String: Rendered]
    /// `document.cookie`, parsed.
    package var cookies: [String: String]
    /// The location readout.
    package var location: String
    /// The system banner's title, if one is shown.
    package var banner: String?
    /// The banner's colour, `red`, `orange` or `blue`, if one is shown.
    package var bannerColor: String?
    /// The system checks' rows, such as `✗ iCloud (Required for sync and backups)`.
    package var systemRows: [String]
    /// The system status's footer, such as `Last checked: now`.
    package var systemFooter: String
    /// How many lines the page's event log holds.
    package var log: Int
    /// The payload of each Web Push `push` event the page got, as text.
    package var pushes: [String]
    /// The page's path and query.
    package var url: String
    /// What the latest Scan (`getUserMedia({video: true})`) ended with: `stream`, or the error's name and
    /// message; `nil` before the first.
    package var scan: String?
    /// The page's return from Settings, once it had one.
    package var resumed: Resumed?
    /// The notification settings the page shows (`getNotificationSettings()` or the latest change event).
    package var notificationSettings: NotificationSettings?
    /// How many `permitnotificationsettingschange` events the page got.
    package var notificationSettingsChanges: Int

    /// What the page read of the notification settings.
    package struct NotificationSettings: Decodable, Sendable, Hashable {
        package var status: String
        package var alerts: String
        package var silentOnly: Bool
    }

    /// The page's return from Settings: its `permitsettingsreturn` event, and whether its first script saw the
    /// return already (`settingsReturn` at document start).
    package struct Resumed: Decodable, Sendable, Hashable {
        package var kind: String
        package var feature: String?
        package var after: String
        package var terminated: Bool
        package var atStart: Bool
    }

    package var description: String {
        "statuses \(statuses.sortedLine); cards \(rendered.mapValues { "\($0.status)/\($0.action)" }.sortedLine); "
            + "cookies \(cookies.keys.sorted().joined(separator: ",")); location \(location); banner \(banner ?? "none")"
    }
}

extension [String: String] {
    /// `k=v` pairs sorted by key.
    var sortedLine: String { sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
}
