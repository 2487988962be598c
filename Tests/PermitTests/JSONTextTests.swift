import Foundation
import Permit
import Testing
import PermitSupport

/// The hand-written JSON reader and writer give what the Codable path (`JSONDecoder`, `JSONEncoder` with sorted
/// keys) gave, which stays in the package as `JSONValue`'s `Codable` conformance and serves as the oracle here.
@Suite struct JSONTextTests {
    private static func codableParse(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private static func codableWrite(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let texts: [String] = [
        // accepted
        #"{"v":1,"id":7,"method":"requestPermission","params":{"type":"camera"}}"#,
        "  [1, -2, 3.5, -0, 1.0, 1e2, 2.5E-3, 9223372036854775807, 9223372036854775808, -9223372036854775808]  ",
        #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "é😀", ""]"#,
        #"{"a":1,"a":2,"b":[],"c":{},"d":null,"e":true,"f":false}"#,
        "true", "null", "0", "-1", #""x""#, "[[[[[]]]]]",
        // refused
        "", " ", "[1,2", "01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity",
        "1e400", #""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#, #""\x41""#, #""\u12""#, "\"a\u{01}b\"",
        #"{"a" 1}"#, #"{a:1}"#, "[1] 2", "tru", "nul", "[true false]", #"{"a":1 "b":2}"#, "'a'",
    ]

    @Test("reads what JSONDecoder read, and refuses what it refused", arguments: texts)
    func parsesAsTheCodablePathDid(text: String) {
        #expect((try? JSONValue.parse(text)) == Self.codableParse(text), "text: \(text)")
        #expect((try? JSONValue.parse(Data(text.utf8))) == Self.codableParse(text), "text: \(text)")
    }

    /// The one difference: Foundation's decoder accepts a trailing comma, which RFC 8259 does not allow and which
    /// neither a page's `JSON.stringify`, nor Chromium, nor `JSONEncoder` writes.
    @Test func aTrailingCommaIsRefused() {
        for text in ["[1,]", #"{"a":1,}"#, "[,]", "[1,,2]"] {
            #expect(throws: (any Error).self, "text: \(text)") { try JSONValue.parse(text) }
        }
    }

    @Test func integralNumbersReadAsIntegersHoweverWritten() throws {
        #expect(try JSONValue.parse("[1.0, 1e2, -0, 1.5, 9223372036854775808]") == .array([
            .integer(1), .integer(100), .integer(0), .number(1.5), .number(9_223_372_036_854_775_808),
        ]))
    }

    @Test func theFirstOfRepeatedMembersCounts() throws {
        #expect(try JSONValue.parse(#"{"a":1,"a":2}"#) == .object(["a": .integer(1)]))
    }

    @Test func textThatIsNotUTF8IsRefused() {
        #expect(throws: (any Error).self) { try JSONValue.parse(Data([0x22, 0xFF, 0xFE, 0x22])) }
        #expect(throws: (any Error).self) { try JSONValue.parse(Data([0x22, 0xC3, 0x22])) }
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONValue.parse(deep).arrayValue != nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: (any Error).self) { try JSONValue.parse(tooDeep) }
        // A hostile message a page might post: far deeper than any stack would survive by recursion.
        let hostile = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: (any Error).self) { try JSONValue.parse(hostile) }
    }

    static let values: [JSONValue] = [
        .object([
            "id": .integer(7), "result": .object([
                "latitude": .number(52.52), "longitude": .number(13.405), "accuracy": .number(5),
                "timestamp": .integer(1_764_000_000_123),
            ]),
        ]),
        .object(["B": .null, "a": .bool(true), "b": .bool(false), "id10": .integer(-3), "id9": .array([])]),
        .array([.number(1e16), .number(1e15), .number(1e-7), .number(-0.0), .number(0.1), .number(1e21), .number(.leastNonzeroMagnitude)]),
        .array([.number(.greatestFiniteMagnitude), .number(0.30000000000000004), .integer(.min), .integer(.max)]),
        .string("a\"b\\c/d\u{08}\u{0C}\n\r\t\u{01}\u{1F}\u{7F}\u{2028}é😀"),
        .object([:]), .array([.object([:]), .array([])]), .string(""), .null,
    ]

    @Test("writes what JSONEncoder wrote", arguments: values)
    func writesAsTheCodablePathDid(value: JSONValue) throws {
        #expect(value.jsonText == (try Self.codableWrite(value)))
        #expect(try JSONValue.parse(value.jsonText) == Self.codableParse(value.jsonText))
    }

    @Test func aNumberJSONCannotHoldIsWrittenNullAlone() {
        #expect(JSONValue.array([.number(.nan), .integer(1), .number(.infinity)]).jsonText == "[null,1,null]")
    }

    @Test func randomValuesMatchTheCodablePath() throws {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let text = value.jsonText
            #expect(text == (try Self.codableWrite(value)))
            #expect(try JSONValue.parse(text) == Self.codableParse(text), "text: \(text)")
        }
    }

    private static func randomValue(depth: Int, using generator: inout SplitMix) -> JSONValue {
        let strings = ["", "a", "id", "Zeta", "é", "😀", "line\nbreak", "q\"uote", "back\\slash", "\u{01}", "/"]
        switch generator.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .integer(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64))
        case 3: return .number(Double(Int64(bitPattern: generator.next()) % 1_000_000) / 997)
        case 4: return .string(strings[Int(generator.next() % UInt64(strings.count))])
        case 5:
            return .array((0..<generator.next() % 4).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<generator.next() % 4 {
                members[strings[Int(generator.next() % UInt64(strings.count))] + "k"] =
                    randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }
}

/// A small seeded generator, so that a failure can be replayed.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
