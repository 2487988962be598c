extension String {
    /// The string as XML character data: `&`, `<` and `>` escaped.
    var xmlEscapedText: String {
        var result = ""
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The string as a double-quoted XML attribute value: `&`, `<`, `>` and `"` escaped.
    var xmlEscapedAttribute: String {
        xmlEscapedText.replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
