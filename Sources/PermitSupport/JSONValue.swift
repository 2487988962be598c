package import Foundation

/// Any JSON value: attachments embedded in the snapshot file, bridge messages, DevTools protocol messages.
///
/// Shared by Permit's modules (`package` access), not part of the public API.
package enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

// MARK: - Reading

extension JSONValue {
    /// The member `key` of an object, or `nil` for a missing member or a value that is not an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The string, or `nil` when the value is not a string.
    package var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The integer, or `nil` when the value is not a JSON number without a fraction.
    package var integerValue: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The number, integral or not, or `nil` when the value is not a number.
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The Boolean, or `nil` when the value is not `true` or `false`.
    package var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The members, or `nil` when the value is not an object.
    package var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The elements, or `nil` when the value is not an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// Parses UTF-8 JSON text (see `JSONText` for what it accepts).
    package static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in try JSONText.parse(raw.bindMemory(to: UInt8.self)) }
    }

    /// Parses JSON text.
    package static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in try JSONText.parse(bytes) }
    }

    /// Compact JSON text with sorted keys, so that equal values give equal text.
    package func encoded() -> Data { Data(jsonText.utf8) }

    /// ``encoded()`` as a string.
    package var jsonText: String { JSONText.write(self) }
}
