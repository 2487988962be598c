/// A strict reader of Prometheus' text exposition format (version 0.0.4), for the tests of `/metrics`: it
/// throws on any line a Prometheus server would refuse, rather than skipping it.
///
/// It checks: metric and label names against their grammars; label values in double quotes with only `\\`,
/// `\"` and `\n` as escapes; a sample value that is a number, `NaN`, `+Inf` or `-Inf`, with an optional integer
/// timestamp; at most one `# TYPE` per family, before its samples, of a known type; the samples of one family
/// together; no series twice; and a line break after the last line.
struct PrometheusText {
    /// One sample: a series (name and labels) and its value.
    struct Sample: Hashable {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    /// Why the text was refused, with its line.
    struct Malformed: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// Every sample, in order.
    private(set) var samples: [Sample] = []
    /// The type of each family that declares one.
    private(set) var types: [String: String] = [:]

    /// Reads `text`, or throws ``Malformed``.
    init(_ text: String) throws {
        guard text.isEmpty || text.hasSuffix("\n") else { throw Malformed(line: 0, reason: "no line break at the end") }
        var seenSeries = Set<String>()
        var finishedFamilies = Set<String>()
        var currentFamily: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let number = index + 1
            func fail(_ reason: String) -> Malformed { Malformed(line: number, reason: "\(reason): \(line)") }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
                guard words.count >= 3, words[0] == "#", ["TYPE", "HELP"].contains(words[1]) else { continue }  // a comment
                let family = String(words[2])
                guard Self.isMetricName(family) else { throw fail("bad metric name") }
                if words[1] == "TYPE" {
                    guard words.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(words[3]) else {
                        throw fail("bad type")
                    }
                    guard types[family] == nil else { throw fail("a second TYPE") }
                    guard !finishedFamilies.contains(family), currentFamily != family else { throw fail("TYPE after samples") }
                    types[family] = String(words[3])
                }
                continue
            }
            var reader = Reader(Substring(line))
            let name = reader.take { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
            guard Self.isMetricName(name) else { throw fail("bad metric name") }
            var labels: [String: String] = [:]
            if reader.skip("{") {
                while !reader.skip("}") {
                    let label = reader.take { $0.isLetter || $0.isNumber || $0 == "_" }
                    guard Self.isLabelName(label), reader.skip("="), reader.skip("\"") else { throw fail("bad label") }
                    guard let value = reader.quotedRest() else { throw fail("bad label value") }
                    guard labels.updateValue(value, forKey: label) == nil else { throw fail("a label twice") }
                    if !reader.skip(",") {
                        guard reader.skip("}") else { throw fail("bad label list") }
                        break
                    }
                }
            }
            guard reader.skip(" ") else { throw fail("no value") }
            let fields = reader.rest.split(separator: " ", omittingEmptySubsequences: false)
            guard (1...2).contains(fields.count), let value = Self.number(fields[0]) else { throw fail("bad value") }
            if fields.count == 2, Int64(fields[1]) == nil { throw fail("bad timestamp") }
            let family = Self.family(of: name, types: types)
            if family != currentFamily {
                guard !finishedFamilies.contains(family) else { throw fail("the family's samples are not together") }
                if let currentFamily { finishedFamilies.insert(currentFamily) }
                currentFamily = family
            }
            let series = name + "{" + labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
            guard seenSeries.insert(series).inserted else { throw fail("a series twice") }
            samples.append(Sample(name: name, labels: labels, value: value))
        }
    }

    /// The value of the one sample named `name` whose labels include `labels`; `nil` when there is none.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
        return matching.count == 1 ? matching[0].value : nil
    }

    /// The sum of the samples named `name` whose labels include `labels`.
    func sum(_ name: String, _ labels: [String: String] = [:]) -> Double {
        samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
            .reduce(0) { $0 + $1.value }
    }

    private static func family(of name: String, types: [String: String]) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if ["histogram", "summary"].contains(types[base]) { return base }
        }
        return name
    }

    private static func isMetricName(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" || first == ":" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == ":" }
    }

    private static func isLabelName(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }

    private static func number(_ text: Substring) -> Double? {
        switch text {
        case "NaN": return .nan
        case "+Inf": return .infinity
        case "-Inf": return -.infinity
        default:
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
            return Double(text)
        }
    }

    /// Reads a line from left to right.
    private struct Reader {
        var rest: Substring
        init(_ line: Substring) { rest = line }

        mutating func take(while predicate: (Character) -> Bool) -> String {
            let taken = rest.prefix(while: predicate)
            rest = rest.dropFirst(taken.count)
            return String(taken)
        }

        mutating func skip(_ text: String) -> Bool {
            guard rest.hasPrefix(text) else { return false }
            rest = rest.dropFirst(text.count)
            return true
        }

        /// The rest of a quoted value after its opening quote, up to its closing quote, unescaped.
        mutating func quotedRest() -> String? {
            var value = ""
            while let character = rest.first {
                rest = rest.dropFirst()
                switch character {
                case "\"": return value
                case "\\":
                    guard let escaped = rest.first else { return nil }
                    rest = rest.dropFirst()
                    switch escaped {
                    case "\\": value.append("\\")
                    case "\"": value.append("\"")
                    case "n": value.append("\n")
                    default: return nil
                    }
                default: value.append(character)
                }
            }
            return nil
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
