import Foundation
import Logging

/// Writes each log record to standard error as one JSON object on one line, for a log collector:
/// `{"time": "2026-05-28T09:12:03.120Z", "level": "info", "label": "permit", "message": "…", …metadata}`.
///
/// The metadata's keys sit beside the fixed ones (a key that would replace one of them is prefixed `meta.`);
/// each line goes out in one `write(2)`, so lines from several threads never interleave.
struct JSONLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .info
    private let label: String

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var object: [String: Any] = [:]
        let provided = metadataProvider?.get() ?? [:]
        let all = metadata.merging(provided, uniquingKeysWith: { $1 }).merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        for (key, value) in all {
            object[Self.fixedKeys.contains(key) ? "meta.\(key)" : key] = Self.json(value)
        }
        object["time"] = Date().formatted(Self.timeFormat)
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = "\(event.message)"
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        line.append(0x0A)
        line.withUnsafeBytes { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    private static let fixedKeys: Set<String> = ["time", "level", "label", "message"]
    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): "\(convertible)"
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }
}
