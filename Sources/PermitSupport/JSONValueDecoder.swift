/// Decodes a `Decodable` value straight from a ``JSONValue`` that was already parsed, with no round trip
/// through JSON text: what the Chromium host does with every DevTools answer.
///
/// It reads what `JSONDecoder` reads with its default strategies: keys as written, numbers into any integer
/// or floating-point type that holds them exactly, `null` as a missing optional. Dates and data have no
/// special form: a `Date` field decodes as `Date`'s own `Decodable` representation, as `JSONDecoder` does by
/// default.
package struct JSONValueDecoder {
    /// Creates a decoder.
    package init() {}

    /// Decodes `type` from `value`.
    ///
    /// - Throws: `DecodingError` when `value` does not have the shape `type` reads.
    package func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try Value(from: ValueDecoder(value: value, codingPath: []))
    }
}

// MARK: - The decoder

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(value: value, codingPath: codingPath) }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(value.kindName)"))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let member = members[key.stringValue] else { return true }
        return member == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \(key.stringValue)"))
        }
        return try decodeElement(type, from: member, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the array has ended"))
        }
        let value = try decodeElement(type, from: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ValueDecoder(value: try next(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try next(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { ValueDecoder(value: try next(), codingPath: codingPath) }

    private mutating func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath, debugDescription: "the array has ended"))
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeElement(type, from: value, codingPath: codingPath) }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

// MARK: - Scalars

/// Decodes one value: the scalars JSON holds directly, anything else through its own `init(from:)`.
private func decodeElement<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
    func mismatch() -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(value.kindName)"))
    }
    switch type {
    case is String.Type:
        guard case .string(let string) = value else { throw mismatch() }
        return string as! T  // swiftlint:disable:this force_cast — `T` is `String` here
    case is Bool.Type:
        guard case .bool(let bool) = value else { throw mismatch() }
        return bool as! T
    case is Double.Type:
        guard let double = value.doubleValue else { throw mismatch() }
        return double as! T
    case is Int.Type:
        guard let integer = exactInteger(value).flatMap(Int.init(exactly:)) else { throw mismatch() }
        return integer as! T
    case is Int64.Type:
        guard let integer = exactInteger(value) else { throw mismatch() }
        return integer as! T
    case is JSONValue.Type:
        return value as! T
    default:
        if value == .null, !(T.self is any OptionalDecodable.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
        }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }
}

/// An integer JSON number, or a floating-point one with no fraction, as `JSONDecoder` accepts for integers.
private func exactInteger(_ value: JSONValue) -> Int64? {
    switch value {
    case .integer(let integer): integer
    case .number(let number): Int64(exactly: number)
    default: nil
    }
}

/// Marks `Optional`, so that `null` decodes as `nil` for a nested optional.
private protocol OptionalDecodable {}
extension Optional: OptionalDecodable {}

extension JSONValue {
    /// The name of the JSON type, for decoding errors.
    fileprivate var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
