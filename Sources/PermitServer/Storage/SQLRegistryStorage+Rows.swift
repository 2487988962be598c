import Foundation

/// How an installation's record is laid out in its row of `permit_installations`, and read back.
extension SQLRegistryStorage {
    /// The columns of an installation's row, in the order of the statements' values.
    static let columns = """
        installation, token, platform, first_seen, last_seen, states, counted, revision, proven, environment, \
        token_registered, quarantined, notifications, silent_only
        """

    /// How many columns ``columns`` names.
    static let columnCount = 14

    /// `$1, $2, …, $count`.
    static func placeholders(_ count: Int) -> String {
        (1...count).map { "$\($0)" }.joined(separator: ", ")
    }

    /// The values of `record`'s row, in the order of ``columns``: its notification settings as JSON (the eight
    /// as `true` or `false`) and whether it is silent only (0 or 1), both `NULL` when unknown. `silent_only` is
    /// derived from the record (``InstallationRecord/silentOnly``) and kept for counting; reading derives it again.
    static func rowValues(_ record: InstallationRecord) throws -> [SQLValue] {
        [
            .text(record.installation), record.token.map(SQLValue.text) ?? .null, .text(record.platform.rawValue),
            .integer(seconds(record.firstSeen)), .integer(seconds(record.lastSeen)), .text(try encode(record.states)),
            .text(try encode(record.counted)), .integer(record.revision), .integer(record.proven ? 1 : 0),
            record.environment.map { SQLValue.text($0.rawValue) } ?? .null,
            record.tokenRegistered.map { SQLValue.integer(seconds($0)) } ?? .null, .integer(record.quarantined ? 1 : 0),
            try record.notificationSettings.map { SQLValue.text(try encode($0)) } ?? .null,
            record.silentOnly.map { SQLValue.integer($0 ? 1 : 0) } ?? .null,
        ]
    }

    // MARK: - Coding

    /// `date` in whole seconds since 1970.
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The record a row of ``columns`` holds.
    ///
    /// - Throws: ``ServerError/storageCorrupt`` for a row of another shape.
    static func record(row: [SQLValue]) throws -> InstallationRecord {
        guard row.count == columnCount, let installation = row[0].text, let platform = row[2].text.flatMap(Platform.init),
            let first = row[3].integer, let last = row[4].integer, let json = row[5].text,
            let states = try? JSONDecoder().decode([String: ReportedState].self, from: Data(json.utf8)),
            let revision = row[7].integer, let proven = row[8].integer, let quarantined = row[11].integer
        else { throw ServerError.storageCorrupt.withDetail("an installation row of unexpected shape") }
        let counted: [String: CountedDays]
        if let countedJSON = row[6].text {
            guard let decoded = try? JSONDecoder().decode([String: CountedDays].self, from: Data(countedJSON.utf8)) else {
                throw ServerError.storageCorrupt.withDetail("an installation row of unexpected shape")
            }
            counted = decoded
        } else {
            counted = CountedDays.assumed(from: states)  // a row of the first schema
        }
        var notificationSettings: NotificationSettings?
        if let settingsJSON = row[12].text {
            guard let decoded = try? JSONDecoder().decode(NotificationSettings.self, from: Data(settingsJSON.utf8)) else {
                throw ServerError.storageCorrupt.withDetail("an installation row of unexpected shape")
            }
            notificationSettings = decoded
        }
        return InstallationRecord(
            installation: installation, token: row[1].text, platform: platform,
            firstSeen: Date(timeIntervalSince1970: TimeInterval(first)),
            lastSeen: Date(timeIntervalSince1970: TimeInterval(last)), states: states, counted: counted,
            proven: proven != 0, environment: row[9].text.flatMap(APNsEnvironment.init(rawValue:)),
            tokenRegistered: row[10].integer.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            quarantined: quarantined != 0, notificationSettings: notificationSettings, revision: revision)
    }
}
