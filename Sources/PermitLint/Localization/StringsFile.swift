import Foundation

/// Reads the `"key" = "value";` pairs of a `.strings` file, such as `fr.lproj/InfoPlist.strings`: UTF-8 or UTF-16
/// (with its byte-order mark), `/* … */` and `//` comments, quoted strings with `\"`, `\\`, `\n`, `\t`, `\r` and
/// `\Uxxxx` escapes, and unquoted keys.
enum StringsFile {
    static func strings(from data: Data, file: String) throws -> [String: String] {
        guard let text = decode(data) else {
            throw LintError.malformedPropertyList.about(file, "a strings file that is neither UTF-8 nor UTF-16")
        }
        var scanner = Scanner(characters: Array(text.unicodeScalars), file: file)
        var strings: [String: String] = [:]
        while try scanner.skipTrivia() {
            let key = try scanner.string()
            try scanner.expect("=")
            let value = try scanner.string()
            try scanner.expect(";")
            strings[key] = value
        }
        return strings
    }

    private static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        return String(data: body, encoding: .utf8)
    }

    private struct Scanner {
        let characters: [Unicode.Scalar]
        let file: String
        var index = 0

        init(characters: [Unicode.Scalar], file: String) {
            self.characters = characters
            self.file = file
        }

        private var line: Int { characters[..<min(index, characters.count)].filter { $0 == "\n" }.count + 1 }

        private func error(_ problem: String) -> LintError {
            LintError.malformedPropertyList.about(file, "\(problem) on line \(line) of the strings file")
        }

        /// Skips whitespace and comments; `false` at the end of the file.
        mutating func skipTrivia() throws -> Bool {
            while index < characters.count {
                let character = characters[index]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if character.properties.isWhitespace {
                    index += 1
                } else if character == "/", next == "*" {
                    guard let end = find("*/", from: index + 2) else { throw error("an unterminated comment") }
                    index = end + 2
                } else if character == "/", next == "/" {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                } else {
                    return true
                }
            }
            return false
        }

        private func find(_ pattern: String, from start: Int) -> Int? {
            let scalars = Array(pattern.unicodeScalars)
            var position = start
            while position + scalars.count <= characters.count {
                if Array(characters[position..<(position + scalars.count)]) == scalars { return position }
                position += 1
            }
            return nil
        }

        mutating func expect(_ symbol: Unicode.Scalar) throws {
            guard try skipTrivia(), characters[index] == symbol else { throw error("a missing \"\(symbol)\"") }
            index += 1
        }

        mutating func string() throws -> String {
            guard try skipTrivia() else { throw error("a missing string") }
            guard characters[index] == "\"" else { return try unquoted() }
            index += 1
            var result = String.UnicodeScalarView()
            while index < characters.count {
                let character = characters[index]
                index += 1
                if character == "\"" { return String(result) }
                guard character == "\\" else {
                    result.append(character)
                    continue
                }
                guard index < characters.count else { break }
                let escaped = characters[index]
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "U", "u":
                    let digits = String(String.UnicodeScalarView(characters[index..<min(index + 4, characters.count)]))
                    guard digits.count == 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
                    else { throw error("a malformed \\U escape") }
                    result.append(scalar)
                    index += 4
                default: result.append(escaped)
                }
            }
            throw error("an unterminated string")
        }

        private mutating func unquoted() throws -> String {
            let start = index
            while index < characters.count,
                characters[index].properties.isAlphabetic || ("0"..."9").contains(characters[index])
                    || "_.$:/-".unicodeScalars.contains(characters[index])
            {
                index += 1
            }
            guard index > start else { throw error("an unexpected \"\(characters[index])\"") }
            return String(String.UnicodeScalarView(characters[start..<index]))
        }
    }
}
