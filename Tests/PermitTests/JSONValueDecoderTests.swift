import Foundation
import Testing

@testable import Permit
import PermitSupport

/// `JSONValueDecoder` reads what `JSONDecoder` reads from the same JSON, with no round trip through text.
@Suite struct JSONValueDecoderTests {
    struct Inner: Codable, Equatable {
        var name: String
        var flags: [Bool]
    }

    struct Sample: Codable, Equatable {
        var text: String
        var count: Int
        var big: Int64
        var ratio: Double
        var on: Bool
        var missing: String?
        var null: Int?
        var nested: Inner
        var list: [Inner]
        var raw: JSONValue
        var map: [String: Double]
        var kind: PermissionKind
    }

    static let json = #"""
        {"text":"é \"q\"","count":3,"big":9007199254740993,"ratio":2,"on":true,"null":null,
         "nested":{"name":"n","flags":[true,false]},"list":[{"name":"a","flags":[]}],
         "raw":{"x":[1,"y",null]},"map":{"a":1.5,"b":-2},"kind":"camera","ignored":{"deep":[1]}}
        """#

    @Test func itDecodesWhatJSONDecoderDecodesFromTheSameText() throws {
        let data = Data(Self.json.utf8)
        let expected = try JSONDecoder().decode(Sample.self, from: data)
        let decoded = try JSONValueDecoder().decode(Sample.self, from: try JSONValue.parse(data))
        #expect(decoded == expected)
        #expect(decoded.missing == nil && decoded.null == nil && decoded.ratio == 2 && decoded.big == 9_007_199_254_740_993)
    }

    @Test(arguments: [
        #"{"name":1,"flags":[]}"#,  // a number for a string
        #"{"name":"n"}"#,  // a member missing
        #"{"name":"n","flags":[1]}"#,  // a number for a boolean
        #"{"name":null,"flags":[]}"#,  // null for a string
        #"["n",[]]"#,  // an array for an object
    ])
    func aShapeItCannotReadIsADecodingErrorAsWithJSONDecoder(json: String) throws {
        let data = Data(json.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Inner.self, from: data) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Inner.self, from: try JSONValue.parse(data)) }
    }

    @Test func integersMustBeExactAndInRange() throws {
        #expect(try JSONValueDecoder().decode(Int.self, from: .number(3)) == 3)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: .number(3.5)) }
        #expect(try JSONValueDecoder().decode(Double.self, from: .integer(4)) == 4)
    }
}
