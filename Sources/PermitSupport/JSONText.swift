/// JSON text to and from ``JSONValue``, by hand rather than through `JSONDecoder` and `JSONEncoder`.
///
/// Every bridge call is parsed and answered with this, so it is on the page's round trip: `JSONDecoder` read an
/// enum of unknown shape by trying each case in turn, and each miss threw an error it then discarded, which made
/// a short message cost tens of microseconds. The results are the ones the Codable path gave:
/// - RFC 8259 text only (no leading zeros, no comments, no control characters in strings, and, unlike
///   `JSONDecoder`, no trailing comma);
///   a top-level scalar is accepted; whitespace around the value is allowed;
/// - a number with an integral value that fits `Int64` reads as `.integer`, even when written `1.0` or `1e2`;
///   any other number reads as `.number`, and one too large for `Double` is an error;
/// - an escaped lone surrogate is an error; text that is not UTF-8 is an error;
/// - of a repeated member name, the first one counts;
/// - nesting deeper than ``maximumDepth`` is an error, so hostile text cannot exhaust the stack.
///
/// Writing gives compact text with members sorted by name (in Unicode scalar order), `/` unescaped, control
/// characters as `\u00XX` (or their short escapes), and a number as Swift describes it without a trailing
/// `.0`; a number that is not finite, which JSON cannot hold, is written `null`.
enum JSONText {
    /// The deepest nesting of arrays and objects that parsing accepts (`JSONDecoder`'s limit).
    static let maximumDepth = 512

    /// Why text is not JSON, with where parsing stopped.
    struct ParseError: Error, CustomStringConvertible {
        /// What is wrong.
        var reason: String
        /// The byte offset where parsing stopped.
        var offset: Int

        var description: String { "not JSON: \(reason) at byte \(offset)" }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("text after the value") }
        return value
    }

    static func write(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .number(let value): writeNumber(value, to: &output)
        case .string(let value): writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (position, name) in members.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
                .enumerated()
            {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeString(name, to: &output)
                output.append(UInt8(ascii: ":"))
                write(members[name]!, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeNumber(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

// MARK: - Parsing

extension JSONText {
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func failure(_ reason: String) -> ParseError {
            ParseError(reason: reason, offset: index)
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard let byte = current else { throw failure("unexpected end of text") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("unexpected character")
            }
        }

        private mutating func literal(_ word: StaticString) throws(ParseError) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count,
                UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
            else { throw failure("unknown literal") }
            index += count
        }

        private mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            guard depth <= JSONText.maximumDepth else { throw failure("nested too deeply") }
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw failure("a member name must be a string") }
                let name = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
                index += 1
                skipWhitespace()
                let member = try value(depth: depth)
                if members[name] == nil { members[name] = member }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                default: throw failure("expected ',' or '}' in an object")
                }
            }
        }

        private mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            guard depth <= JSONText.maximumDepth else { throw failure("nested too deeply") }
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(elements)
                default: throw failure("expected ',' or ']' in an array")
                }
            }
        }

        private mutating func digits() -> Int {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }

        private mutating func number() throws(ParseError) -> JSONValue {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            let leadingZero = current == UInt8(ascii: "0")
            let integerDigits = digits()
            guard integerDigits > 0 else { throw failure("a number needs digits") }
            guard !leadingZero || integerDigits == 1 else { throw failure("a number has a leading zero") }
            var integral = true
            if current == UInt8(ascii: ".") {
                index += 1
                integral = false
                guard digits() > 0 else { throw failure("a fraction needs digits") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                integral = false
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw failure("an exponent needs digits") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if integral, let value = Int64(text) { return .integer(value) }
            guard let value = Double(text), value.isFinite else { throw failure("a number too large") }
            // An integral value in Int64's range reads as an integer, however it is written (as with JSONDecoder).
            if value == value.rounded(), value >= -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18 {
                return .integer(Int64(value))
            }
            return .number(value)
        }

        /// A string, from its opening quote.
        mutating func string() throws(ParseError) -> String {
            index += 1
            let start = index
            // The common case: no escape, so the text is the bytes between the quotes.
            while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                guard byte >= 0x20 else { throw failure("a control character in a string") }
                index += 1
            }
            guard let stop = current else { throw failure("an unterminated string") }
            var scalars = [UInt8](bytes[start..<index])
            if stop == UInt8(ascii: "\\") { try unescape(into: &scalars) }
            index += 1  // the closing quote
            guard let text = String(validating: scalars, as: UTF8.self) else { throw failure("a string is not UTF-8") }
            return text
        }

        /// The rest of a string with escapes, up to (not past) its closing quote.
        private mutating func unescape(into output: inout [UInt8]) throws(ParseError) {
            while let byte = current, byte != UInt8(ascii: "\"") {
                guard byte >= 0x20 else { throw failure("a control character in a string") }
                guard byte == UInt8(ascii: "\\") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard let escaped = current else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"): output.append(contentsOf: String(try escapedScalar()).utf8)
                default: throw failure("an unknown escape")
                }
            }
            guard current != nil else { throw failure("an unterminated string") }
        }

        /// The scalar of a `\u` escape, after its `u`; a surrogate pair is two escapes.
        private mutating func escapedScalar() throws(ParseError) -> Character {
            let first = try hexQuad()
            switch first {
            case 0xD800...0xDBFF:
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a lone surrogate") }
                index += 2
                let second = try hexQuad()
                guard (0xDC00...0xDFFF).contains(second) else { throw failure("a lone surrogate") }
                return Character(Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!)
            case 0xDC00...0xDFFF:
                throw failure("a lone surrogate")
            default:
                return Character(Unicode.Scalar(first)!)
            }
        }

        private mutating func hexQuad() throws(ParseError) -> UInt32 {
            guard bytes.count - index >= 4 else { throw failure("a short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("a bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
