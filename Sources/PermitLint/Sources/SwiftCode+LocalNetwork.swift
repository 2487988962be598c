extension SwiftCode {
    /// What a call says about the service type.
    typealias ServiceTypeArgument = SourceScan.LocalNetworkAuthorityCall.ServiceType

    /// Each call of `LocalNetworkAuthority(…)` or `LocalNetworkAuthority.init(…)` in the code, in order, with its
    /// line (from 1) and what its `serviceType:` argument says.
    ///
    /// The argument list is read to its closing parenthesis, across lines; labels are told apart only at its top
    /// level. A `serviceType:` value is read when it is one plain string literal, `"…"` with no escape or
    /// interpolation; `LocalNetworkAuthority.defaultServiceType` counts as the default; anything else is
    /// ``ServiceTypeArgument/unreadable(_:)``, never guessed.
    func localNetworkAuthorityCalls() -> [(line: Int, serviceType: ServiceTypeArgument)] {
        var calls: [(line: Int, serviceType: ServiceTypeArgument)] = []
        let name = Array("LocalNetworkAuthority".unicodeScalars)
        var index = 0
        while let start = find(name, from: index) {
            index = start + name.count
            guard start == 0 || !Self.isIdentifier(code[start - 1]) else { continue }
            var open = skipSpaces(from: index)
            if matches(Array(".init".unicodeScalars), at: open) { open = skipSpaces(from: open + 5) }
            guard open < code.count, code[open] == "(" else { continue }
            guard let arguments = topLevelArguments(openingAt: open) else { continue }
            let line = code[..<start].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            calls.append((line, serviceType(in: arguments)))
        }
        return calls
    }

    // MARK: - Reading the call

    /// The service type the arguments name: each argument is a range of ``code`` between top-level commas.
    private func serviceType(in arguments: [Range<Int>]) -> ServiceTypeArgument {
        for argument in arguments {
            let text = String(String.UnicodeScalarView(code[argument]))
            guard let colon = text.firstIndex(of: ":") else { continue }
            let label = String(text[..<colon]).trimmingWhitespace
            if label == "endpoint" { return .endpoint }
            guard label == "serviceType" else { continue }
            // The literal is blank in the code: skip the spaces and comments of the source.
            let colonOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: colon)
            let valueStart = skipSpacesAndComments(from: argument.lowerBound + colonOffset + 1, before: argument.upperBound)
            let value = String(String.UnicodeScalarView(source[valueStart..<trimmedEnd(argument, from: valueStart)]))
                .trimmingWhitespace
            if value == "LocalNetworkAuthority.defaultServiceType" { return .defaultType }
            if let literal = plainLiteral(at: valueStart, before: argument.upperBound) { return .literal(literal) }
            return .unreadable(value.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.joined(separator: " "))
        }
        return .defaultType
    }

    /// The text of the string literal at `start` when it is the whole value up to `end` (a comment may follow) and
    /// a plain one: `"…"` on one line, not empty, with no escape or interpolation. `nil` otherwise.
    private func plainLiteral(at start: Int, before end: Int) -> String? {
        guard start < end, source[start] == "\"" else { return nil }
        var close = start + 1
        while close < end, !["\"", "\\", "\n"].contains(source[close]) { close += 1 }
        // Not empty, which also leaves out a multi-line `"""`.
        guard close < end, source[close] == "\"", close > start + 1 else { return nil }
        // What follows the closing quote is blank in the code (spaces, comments), not an operator or more text.
        guard code[(close + 1)..<end].allSatisfy({ [" ", "\t", "\n", "\r"].contains($0) }) else { return nil }
        return String(String.UnicodeScalarView(source[(start + 1)..<close]))
    }

    /// The first position from `index` that is neither a space nor inside a comment of the source, or `end`.
    private func skipSpacesAndComments(from index: Int, before end: Int) -> Int {
        var position = index
        while position < end {
            if [" ", "\t", "\n", "\r"].contains(source[position]) {
                position += 1
            } else if matchesSource("//", at: position) {
                while position < end, source[position] != "\n" { position += 1 }
            } else if matchesSource("/*", at: position) {
                position += 2
                while position < end, !matchesSource("*/", at: position) { position += 1 }
                position = min(position + 2, end)
            } else {
                break
            }
        }
        return position
    }

    /// The end of `argument`'s value without a comment that follows it: the first `//` or `/*` outside a string
    /// literal ends it, and so do trailing spaces. Only the echo of an unreadable value uses it.
    private func trimmedEnd(_ argument: Range<Int>, from start: Int) -> Int {
        var end = start
        var position = start
        var inLiteral = false
        while position < argument.upperBound {
            let scalar = source[position]
            if scalar == "\\", inLiteral {
                position += 2
                end = min(position, argument.upperBound)
                continue
            }
            if scalar == "\"" { inLiteral.toggle() }
            if !inLiteral, matchesSource("//", at: position) || matchesSource("/*", at: position) { break }
            if ![" ", "\t", "\n", "\r"].contains(scalar) { end = position + 1 }
            position += 1
        }
        return end
    }

    private func matchesSource(_ word: String, at position: Int) -> Bool {
        let scalars = Array(word.unicodeScalars)
        return position + scalars.count <= source.count && source[position..<(position + scalars.count)].elementsEqual(scalars)
    }

    /// The ranges of the arguments between the parenthesis at `open` and its match, split at top-level commas;
    /// `nil` when the parenthesis is never closed.
    private func topLevelArguments(openingAt open: Int) -> [Range<Int>]? {
        var depth = 0
        var start = open + 1
        var arguments: [Range<Int>] = []
        for position in open..<code.count {
            switch code[position] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 {
                    arguments.append(start..<position)
                    return arguments
                }
            case "," where depth == 1:
                arguments.append(start..<position)
                start = position + 1
            default: break
            }
        }
        return nil
    }

    private func find(_ word: [Unicode.Scalar], from index: Int) -> Int? {
        var position = index
        while position + word.count <= code.count {
            if matches(word, at: position) { return position }
            position += 1
        }
        return nil
    }

    private func matches(_ word: [Unicode.Scalar], at position: Int) -> Bool {
        position + word.count <= code.count && code[position..<(position + word.count)].elementsEqual(word)
    }

    private func skipSpaces(from index: Int) -> Int {
        var position = index
        while position < code.count, [" ", "\t", "\n", "\r"].contains(code[position]) { position += 1 }
        return position
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
