import Foundation
import PermitSupport

/// The versioned JSON form of a ``PermissionSnapshot``, shared by the file and UserDefaults stores.
///
/// ```json
/// {"history":[{"at":1763778000123,"cause":"request","from":"notDetermined","kind":"camera","to":"granted"}],
///  "permissions":{"camera":{"checked":1763778000123,"prompted":true,"status":"granted"},
///  "notifications":{"checked":1763778000123,"notif":"beeeeeuud","prompted":true,"status":"granted"}},"version":2}
/// ```
///
/// Times are whole milliseconds since 1970. Keys are sorted, so equal snapshots encode to equal bytes.
///
/// Version 2 (Permit 1.1) adds the notification settings to the notifications record (`notif`, the nine
/// characters of ``NotificationDetails/storeCode``) and a request iOS did not show (`unshown`); both are written
/// only when set. A version 1 file (Permit 1.0, and 1.1 before the settings) reads as it always did.
enum SnapshotCoding {
    /// The format version this code writes.
    static let version = 2
    /// The format versions this code reads.
    static let readableVersions: ClosedRange<Int> = 1...2
    /// The largest encoded snapshot Permit reads; anything larger is treated as corrupt.
    static let maximumSize = 1 << 20
    /// The times a snapshot may hold, in milliseconds since 1970: JavaScript's `Date` range.
    static let validMilliseconds: ClosedRange<Int64> = -8_640_000_000_000_000...8_640_000_000_000_000

    static func encode(_ snapshot: PermissionSnapshot) throws -> Data {
        let file = FileFormat(
            version: version,
            permissions: Dictionary(
                uniqueKeysWithValues: snapshot.records.map { kind, record in
                    (
                        kind.rawValue,
                        RecordFormat(
                            status: record.status, prompted: record.hasPrompted,
                            checked: record.checkedAt.map(milliseconds), imported: record.isImported ? true : nil,
                            unshown: record.promptNotShownAt.map(milliseconds),
                            notif: record.notificationDetails?.storeCode)
                    )
                }),
            history: snapshot.history.map {
                ChangeFormat(
                    kind: $0.kind, from: $0.previous, to: $0.current, cause: $0.cause, at: milliseconds($0.date),
                    prompted: $0.hasPrompted ? true : nil)
            },
            attachments: snapshot.attachments.isEmpty
                ? nil : try snapshot.attachments.mapValues { try JSONDecoder().decode(JSONValue.self, from: $0) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(file)
    }

    static func decode(_ data: Data) throws(SnapshotDecodingError) -> PermissionSnapshot {
        guard data.count <= maximumSize else { throw .tooLarge(data.count) }
        let file: FileFormat
        do {
            file = try JSONDecoder().decode(FileFormat.self, from: data)
        } catch {
            throw .malformed
        }
        guard readableVersions.contains(file.version) else { throw .unsupportedVersion(file.version) }
        // A time outside JavaScript's Date range (±8.64e15 ms) is corrupt; near Int64's limits it would also
        // trap when the snapshot is saved again, as milliseconds × 1000 no longer fits (found by review, the
        // store fuzz target checks the load-save cycle).
        let times =
            file.permissions.values.compactMap(\.checked) + file.permissions.values.compactMap(\.unshown)
            + file.history.map(\.at)
        guard times.allSatisfy(Self.validMilliseconds.contains) else { throw .malformed }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var records: [PermissionKind: PermissionRecord] = [:]
        for (identifier, record) in file.permissions {
            guard let kind = PermissionKind(rawValue: identifier) else { throw .malformed }
            records[kind] = PermissionRecord(
                status: record.status, hasPrompted: record.prompted, checkedAt: record.checked.map(date),
                isImported: record.imported ?? false, promptNotShownAt: record.unshown.map(date),
                notificationDetails: try record.notif.map { code throws(SnapshotDecodingError) in
                    guard let details = NotificationDetails(storeCode: code) else { throw .malformed }
                    return details
                })
        }
        let history = file.history.map {
            PermissionChange(
                kind: $0.kind, previous: $0.from, current: $0.to, cause: $0.cause, date: date($0.at),
                hasPrompted: $0.prompted ?? false)
        }
        var attachments: [String: Data] = [:]
        for (key, value) in file.attachments ?? [:] {
            guard let data = try? encoder.encode(value) else { throw .malformed }
            attachments[key] = data
        }
        return PermissionSnapshot(records: records, history: history, attachments: attachments)
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    // MARK: - Format

    private struct FileFormat: Codable {
        var version: Int
        var permissions: [String: RecordFormat]
        var history: [ChangeFormat]
        var attachments: [String: JSONValue]?
    }

    private struct RecordFormat: Codable {
        var status: PermissionStatus
        var prompted: Bool
        var checked: Int64?
        var imported: Bool?
        /// When a request last showed no prompt (``PermissionRecord/promptNotShownAt``); written only when set, so
        /// an older file reads as none.
        var unshown: Int64?
        /// The notification settings (``NotificationDetails/storeCode``); written only when known.
        var notif: String?
    }

    private struct ChangeFormat: Codable {
        var kind: PermissionKind
        var from: PermissionStatus?
        var to: PermissionStatus
        var cause: ChangeCause
        var at: Int64
        /// Written only when `true`: a file from Permit 1.0 has none, and reads as not prompted.
        var prompted: Bool?
    }
}

/// Why a stored snapshot could not be read.
enum SnapshotDecodingError: Error, CustomStringConvertible {
    case tooLarge(Int)
    case malformed
    case unsupportedVersion(Int)

    var description: String {
        switch self {
        case .tooLarge(let size): "snapshot of \(size) bytes exceeds the \(SnapshotCoding.maximumSize)-byte limit"
        case .malformed: "snapshot is not valid JSON of the expected shape (truncated or corrupt)"
        case .unsupportedVersion(let version): "snapshot format version \(version) is not supported"
        }
    }
}
