/// Swift source with its comments and string literals blanked out, so that `import` lines and identifiers
/// are read only where they are code.
///
/// Handles `//` and nested `/* */` comments, string literals (`"…"` with escapes, `"""…"""`, raw `#"…"#` with
/// any number of `#`). Blanked characters become spaces and line breaks are kept, so lines keep their numbers.
struct SwiftCode {
    /// The code, line by line.
    let lines: [Substring]
    /// The source as written, scalar by scalar.
    let source: [Unicode.Scalar]
    /// The source with comments and string literals blanked, scalar by scalar: `code[i]` is `source[i]` or a space.
    let code: [Unicode.Scalar]

    init(_ source: String) {
        self.source = Array(source.unicodeScalars)
        let code = Self.blankCommentsAndStrings(self.source)
        self.code = code
        var text = String.UnicodeScalarView()
        text.append(contentsOf: code)
        let string = String(text)
        lines = string.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The modules imported: `import X`, `@preconcurrency import X`, `public import X`, `import struct X.Y`,
    /// `@testable import X`, `@_exported import X`, several on a line separated by `;`.
    var importedModules: [String] {
        var modules: [String] = []
        for line in lines {
            for statement in line.split(separator: ";") {
                var words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
                while let first = words.first, first.hasPrefix("@") || Self.modifiers.contains(String(first)) {
                    words = words.dropFirst()
                }
                guard words.first == "import" else { continue }
                words = words.dropFirst()
                if let kind = words.first, Self.importKinds.contains(String(kind)) { words = words.dropFirst() }
                guard let path = words.first, let module = path.split(separator: ".").first,
                    module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                else { continue }
                modules.append(String(module))
            }
        }
        return modules
    }

    /// Every identifier the code mentions.
    var identifiers: Set<String> {
        var found: Set<String> = []
        for line in lines {
            for word in line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                found.insert(String(word))
            }
        }
        return found
    }

    private static let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
    private static let importKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func", "actor",
    ]

    /// The entitlement claims the code makes through the arguments of ``PlatformTable/entitlementClaims``, in
    /// order: each argument label followed by `:` and a value on the same line.
    ///
    /// A Boolean claim counts when the value is `true` or `false`; another claim when the value is anything but
    /// `nil` (a string literal, blanked here, or a variable). A value starting with a capital letter is a type
    /// (`holdsSiriEntitlement: Bool` in a declaration), not a claim.
    func entitlementClaims() -> [(argument: String, holds: Bool)] {
        var claims: [(argument: String, holds: Bool)] = []
        for line in lines {
            for pattern in PlatformTable.entitlementClaims {
                var rest = line[...]
                while let label = rest.firstRange(of: pattern.argument) {
                    let before = rest[..<label.lowerBound].last
                    rest = rest[label.upperBound...]
                    guard before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true else { continue }
                    let afterLabel = rest.drop(while: { $0 == " " || $0 == "\t" })
                    guard afterLabel.first == ":" else { continue }
                    let value = afterLabel.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
                    let word = String(value.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
                    if word.first?.isUppercase == true { continue }
                    if pattern.isBoolean {
                        if word == "true" || word == "false" { claims.append((pattern.argument, word == "true")) }
                    } else if word != "nil" {
                        claims.append((pattern.argument, true))
                    }
                }
            }
        }
        return claims
    }

    // MARK: - Lexing

    private static func blankCommentsAndStrings(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output = scalars
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where output[position] != "\n" { output[position] = " " }
        }
        func starts(_ literal: String, at position: Int) -> Bool {
            var offset = position
            for scalar in literal.unicodeScalars {
                guard offset < scalars.count, scalars[offset] == scalar else { return false }
                offset += 1
            }
            return true
        }
        while index < scalars.count {
            if starts("//", at: index) {
                let end = scalars[index...].firstIndex(of: "\n") ?? scalars.count
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var depth = 0
                var position = index
                repeat {
                    if starts("/*", at: position) {
                        depth += 1
                        position += 2
                    } else if starts("*/", at: position) {
                        depth -= 1
                        position += 2
                    } else {
                        position += 1
                    }
                } while depth > 0 && position < scalars.count
                blank(index..<position)
                index = position
            } else if scalars[index] == "#" || scalars[index] == "\"" {
                var hashes = 0
                while index + hashes < scalars.count, scalars[index + hashes] == "#" { hashes += 1 }
                guard index + hashes < scalars.count, scalars[index + hashes] == "\"" else {
                    index += max(hashes, 1)
                    continue
                }
                let end = stringEnd(scalars, quoteAt: index + hashes, hashes: hashes, starts: starts)
                blank(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return output
    }

    /// The offset just past the string literal whose opening quote is at `quote`, with `hashes` `#` around it.
    private static func stringEnd(
        _ scalars: [Unicode.Scalar], quoteAt quote: Int, hashes: Int, starts: (String, Int) -> Bool
    ) -> Int {
        let closing = String(repeating: "#", count: hashes)
        let isMultiline = starts("\"\"\"", quote)
        let delimiter = (isMultiline ? "\"\"\"" : "\"") + closing
        var position = quote + (isMultiline ? 3 : 1)
        while position < scalars.count {
            if hashes == 0, scalars[position] == "\\" {
                position += 2
                continue
            }
            if !isMultiline, scalars[position] == "\n" { return position }  // unterminated: stop at the line's end
            if starts(delimiter, position) { return position + delimiter.unicodeScalars.count }
            position += 1
        }
        return scalars.count
    }
}
