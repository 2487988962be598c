import Foundation

/// Where and why a document stopped being well-formed XML.
struct XMLSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line.
    let line: Int
    /// What is wrong there.
    let reason: String

    var description: String { "line \(line): \(reason)" }
}

/// Where each line of a document starts, found once, so a byte offset's line is a binary search.
struct XMLLineIndex: Sendable {
    /// The offset of the first byte of each line; the first is 0.
    private let starts: [Int]

    init(bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
    }

    /// The 1-based line that byte `offset` is on.
    func line(at offset: Int) -> Int {
        // The number of line starts at or before `offset`.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low, 1)
    }

    /// The offset of the first byte of the line that byte `offset` is on.
    func lineStart(at offset: Int) -> Int { starts[line(at: offset) - 1] }
}

/// Splits UTF-8 XML into tokens, each with the byte range it covers: the lexer under ``XMLTree``.
struct XMLScanner {
    /// A token and its bytes.
    struct Token {
        enum Kind {
            case startTag(name: String, attributes: [XMLTree.Attribute], selfClosing: Bool)
            case endTag(name: String)
            case text(String)
            case cdata(String)
            case comment
            case processingInstruction
            case doctype
        }

        let kind: Kind
        let range: Range<Int>
    }

    private let bytes: [UInt8]
    /// Where the document's lines start.
    let lines: XMLLineIndex
    /// The offset of the next byte to read.
    private(set) var offset: Int
    /// Whether the document starts with a UTF-16 byte-order mark.
    private let encodingIsUnsupported: Bool

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lines = XMLLineIndex(bytes: bytes)
        // A UTF-8 byte-order mark is allowed before the document.
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        encodingIsUnsupported = bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
    }

    /// The next token, or `nil` at the end of the document.
    mutating func next() throws -> Token? {
        if encodingIsUnsupported { throw error("UTF-16 is not supported; save the file as UTF-8", at: 0) }
        guard offset < bytes.count else { return nil }
        let start = offset
        guard bytes[offset] == UInt8(ascii: "<") else {
            let text = try readText()
            return Token(kind: .text(text), range: start..<offset)
        }
        if matches("<!--") {
            let end = try skip(past: "-->", from: offset + 4, what: "comment")
            if let dashes = find("--", in: (start + 4)..<(end - 3)) {
                throw error("\"--\" inside a comment", at: dashes)
            }
            offset = end
            return Token(kind: .comment, range: start..<end)
        }
        if matches("<![CDATA[") {
            let end = try skip(past: "]]>", from: offset + 9, what: "CDATA section")
            offset = end
            let text = try decodeUTF8((start + 9)..<(end - 3))
            return Token(kind: .cdata(text), range: start..<end)
        }
        if matches("<!DOCTYPE") {
            offset = try skipDoctype(from: start)
            return Token(kind: .doctype, range: start..<offset)
        }
        if matches("<?") {
            let end = try skip(past: "?>", from: offset + 2, what: "processing instruction")
            let declaration = try decodeUTF8((start + 2)..<(end - 2))
            if declaration.hasPrefix("xml ") || declaration == "xml" {
                try checkDeclaration(declaration, at: start)
            }
            offset = end
            return Token(kind: .processingInstruction, range: start..<end)
        }
        if matches("</") {
            offset += 2
            let name = try readName()
            skipWhitespace()
            try expect(">", "the end tag </\(name)> is not closed with \">\"")
            return Token(kind: .endTag(name: name), range: start..<offset)
        }
        if matches("<!") { throw error("unsupported markup \"<!\"", at: start) }
        return try readStartTag()
    }

    // MARK: - Tags

    private mutating func readStartTag() throws -> Token {
        let start = offset
        offset += 1
        let name = try readName()
        var attributes: [XMLTree.Attribute] = []
        var attributeNames: Set<String> = []
        while true {
            let hadSpace = skipWhitespace()
            guard offset < bytes.count else { throw error("the start tag <\(name)> is never closed", at: start) }
            if matches("/>") {
                offset += 2
                return Token(kind: .startTag(name: name, attributes: attributes, selfClosing: true), range: start..<offset)
            }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                return Token(kind: .startTag(name: name, attributes: attributes, selfClosing: false), range: start..<offset)
            }
            guard hadSpace else { throw error("expected whitespace, \">\" or \"/>\" in <\(name)>", at: offset) }
            let attributeStart = offset
            let attributeName = try readName()
            skipWhitespace()
            try expect("=", "the attribute \(attributeName) of <\(name)> has no \"=\"")
            skipWhitespace()
            let value = try readQuoted(attributeName)
            guard attributeNames.insert(attributeName).inserted else {
                throw error("the attribute \(attributeName) appears twice in <\(name)>", at: attributeStart)
            }
            attributes.append(XMLTree.Attribute(name: attributeName, value: value))
        }
    }

    private mutating func readName() throws -> String {
        let start = offset
        while offset < bytes.count, Self.isNameByte(bytes[offset], first: offset == start) { offset += 1 }
        guard offset > start else {
            throw error(offset < bytes.count ? "expected a name" : "the document ends inside a tag", at: start)
        }
        return try decodeUTF8(start..<offset)
    }

    private mutating func readQuoted(_ attributeName: String) throws -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw error("the value of \(attributeName) is not in quotes", at: offset)
        }
        let quote = bytes[offset]
        let start = offset + 1
        guard let end = bytes[start...].firstIndex(of: quote) else {
            throw error("the value of \(attributeName) is never closed", at: offset)
        }
        if let lessThan = bytes[start..<end].firstIndex(of: UInt8(ascii: "<")) {
            throw error("\"<\" inside the value of \(attributeName)", at: lessThan)
        }
        offset = end + 1
        return try decodeEntities(start..<end)
    }

    // MARK: - Text

    private mutating func readText() throws -> String {
        let start = offset
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "<") { offset += 1 }
        if let marker = find("]]>", in: start..<offset) { throw error("\"]]>\" in text", at: marker) }
        return try decodeEntities(start..<offset)
    }

    /// Decodes `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#NN;` and `&#xNN;` in the bytes of `range`.
    private func decodeEntities(_ range: Range<Int>) throws -> String {
        var result = ""
        var index = range.lowerBound
        var runStart = index
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            result += try decodeUTF8(runStart..<index)
            guard let semicolon = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: ";")),
                semicolon - index <= 12
            else { throw error("\"&\" that does not start an entity; write &amp;", at: index) }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            result.append(try Self.character(forEntity: name, error: error("unknown entity &\(name);", at: index)))
            index = semicolon + 1
            runStart = index
        }
        result += try decodeUTF8(runStart..<range.upperBound)
        return result
    }

    private static func character(forEntity name: String, error: XMLSyntaxError) throws -> Character {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var number: UInt32?
            if name.hasPrefix("#x") {
                number = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                number = UInt32(name.dropFirst(), radix: 10)
            }
            guard let number, number != 0, let scalar = Unicode.Scalar(number) else { throw error }
            return Character(scalar)
        }
    }

    private func decodeUTF8(_ range: Range<Int>) throws -> String {
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw error("bytes that are not UTF-8", at: range.lowerBound)
        }
        return text
    }

    // MARK: - Declarations

    private func checkDeclaration(_ declaration: String, at start: Int) throws {
        guard start == 0 || (start == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) else {
            throw error("the XML declaration is not at the start of the document", at: start)
        }
        guard let range = declaration.range(of: "encoding") else { return }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first else { return }
        let encoding = rest.dropFirst().prefix { $0 != quote }.lowercased()
        guard encoding == "utf-8" || encoding == "utf8" || encoding == "us-ascii" else {
            throw error("encoding \"\(encoding)\" is not supported; save the file as UTF-8", at: start)
        }
    }

    private func skipDoctype(from start: Int) throws -> Int {
        var index = start + 9
        var quote: UInt8?
        var inSubset = false
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">"), !inSubset {
                return index + 1
            }
            index += 1
        }
        throw error("the DOCTYPE is never closed", at: start)
    }

    // MARK: - Bytes

    private func matches(_ literal: String) -> Bool {
        bytes[offset...].starts(with: literal.utf8)
    }

    private func find(_ literal: String, in range: Range<Int>) -> Int? {
        let pattern = Array(literal.utf8)
        guard range.count >= pattern.count else { return nil }
        return (range.lowerBound...(range.upperBound - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// The offset just past the first `terminator` at or after `start`.
    private func skip(past terminator: String, from start: Int, what: String) throws -> Int {
        guard start <= bytes.count, let found = find(terminator, in: start..<bytes.count) else {
            throw error("the \(what) is never closed", at: offset)
        }
        return found + terminator.utf8.count
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = offset
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private mutating func expect(_ literal: Character, _ message: String) throws {
        guard offset < bytes.count, let ascii = literal.asciiValue, bytes[offset] == ascii else {
            throw error(message, at: offset)
        }
        offset += 1
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    // MARK: - Errors

    func error(_ reason: String, at offset: Int) -> XMLSyntaxError {
        XMLSyntaxError(line: lines.line(at: offset), reason: reason)
    }

    func line(at offset: Int) -> Int { lines.line(at: offset) }

    /// The offset of the first byte in `range` that is not XML whitespace, or `nil`.
    func firstNonWhitespace(in range: Range<Int>) -> Int? {
        range.first { !Self.isWhitespace(bytes[$0]) }
    }
}
