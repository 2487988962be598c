import Foundation

/// The rules a purpose text must pass to read the way App Review asks: say what the app does with the
/// permission, specifically, in a sentence a person understands.
///
/// App Review rejects purpose strings (guideline 5.1.1) that do not explain why the app needs access and how
/// it uses the data, such as "This app needs your camera." or a leftover "TODO". Three checks approximate
/// that, each with its own rule, so each can be adjusted or turned off:
///
/// - ``LintRule/purposePlaceholder``: the text contains one of ``placeholders`` as a whole word, compared
///   without regard to case (`TODO`, `lorem ipsum`, ...), or an unexpanded build setting `$(…)` or `${…}`.
///   Xcode expands `$(PRODUCT_NAME)` in an Info.plist, so there it is accepted; the same text in the manifest
///   is shown as written by the primer, so there it is reported unless ``allowsBuildSettings`` is set.
/// - ``LintRule/purposeTooShort``: the text, trimmed, has fewer than ``minimumLength`` characters, unless it
///   has at least ``specificWordsExemptingLength`` specific words and no placeholder: "Scan QR codes" is short
///   and says what the app does, so it passes; "Scans receipts." does not. A text wrapped whole in brackets, such as "[localized in strings file]",
///   is a placeholder.
/// - ``LintRule/purposeVague``: a text with no placeholder in which fewer than ``minimumSpecificWords`` words remain once the words that any
///   purpose string could contain are set aside: ``genericWords`` ("this", "app", "needs", "access",
///   "allow", "experience", ...) and the permission's own nouns ("camera", "location", ...). "This app needs
///   access to your camera." leaves none; "Scans the receipts you photograph." leaves three. Words are told
///   apart by spaces, so a text in a script written without them, such as Japanese or Chinese, is not judged
///   by this rule. Build-setting references are not words: "$(PRODUCT_NAME) requires access to the photo
///   library" is vague.
///
/// For example:
///
/// ```swift
/// var rules = PurposeStringRules()
/// rules.minimumLength = 30
/// rules.placeholders.append("changeme")
/// rules.findings(in: "TODO", file: "Info.plist", key: "NSCameraUsageDescription")   // placeholder, too short
/// ```
public struct PurposeStringRules: Hashable, Sendable {
    /// The fewest characters a trimmed purpose text may have. Default: 20.
    public var minimumLength = 20
    /// The fewest specific words a purpose text must have. Default: 2.
    public var minimumSpecificWords = 2
    /// The specific words that let a text shorter than ``minimumLength`` pass, such as "Scan QR codes". Default: 3;
    /// `Int.max` judges by length alone.
    public var specificWordsExemptingLength = 3
    /// Words and phrases that mark a text as unfinished, matched as whole words regardless of case.
    public var placeholders = [
        "TODO", "FIXME", "TBD", "XXX", "lorem", "ipsum", "placeholder", "purpose string", "usage description",
        "description here", "your text here", "insert text",
    ]
    /// Whether `$(…)` and `${…}` build-setting references are accepted. Default: `false`.
    public var allowsBuildSettings = false
    /// Words any purpose text could contain, which say nothing about what the app does.
    public var genericWords: Set<String> = [
        "a", "an", "the", "this", "that", "these", "app", "application", "we", "our", "us", "i", "you", "your",
        "it", "its", "is", "are", "be", "will", "would", "can", "may", "must", "should", "need", "needs",
        "require", "requires", "required", "requiring", "want", "wants", "like", "use", "uses", "using", "used",
        "access", "accessing", "allow", "allows", "permission", "permissions", "please", "grant", "enable", "to",
        "for", "of", "in", "on", "and", "or", "with", "order", "data", "information", "info", "some",
        "feature", "features", "functionality", "function", "functions", "work", "works", "properly",
        "correctly", "better", "best", "experience", "service", "services", "provide", "improve", "certain",
    ]

    /// Creates the default rules.
    public init() {}

    /// The words that name each permission, set aside beside ``genericWords``.
    static let kindNouns: Set<String> = [
        "location", "locations", "position", "gps", "camera", "cameras", "microphone", "mic", "audio",
        "notification", "notifications", "photo", "photos", "picture", "pictures", "library", "libraries",
        "contacts", "contact", "address", "book", "calendar", "calendars", "event", "events", "reminders",
        "reminder", "bluetooth", "motion", "fitness", "activity", "speech", "recognition", "voice", "tracking",
        "track", "advertising", "media", "music", "apple", "local", "network", "face", "faceid", "biometrics",
        "health", "healthkit", "home", "homekit", "focus", "status", "nfc", "siri", "nearby", "interaction",
    ]

    /// The findings for the purpose text `text`, found in `file` at `key`.
    public func findings(in text: String, file: String, key: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        let quoted = Self.quote(text)
        let placeholder = placeholder(in: text)
        if let placeholder {
            findings.append(
                LintFinding(
                    rule: .purposePlaceholder, file: file, key: key,
                    message: "the purpose text \(quoted) contains the placeholder \"\(placeholder)\"",
                    fix: "replace it with a sentence saying what the app does with the permission"))
        }
        let length = text.trimmingWhitespace.count
        let judgesWords = length > 0 && !Self.isWrittenWithoutSpaces(text)
        let specific = judgesWords ? specificWords(in: text) : []
        let specificEnough = judgesWords && placeholder == nil && specific.count >= specificWordsExemptingLength
        if length < minimumLength, !specificEnough {
            findings.append(
                LintFinding(
                    rule: .purposeTooShort, file: file, key: key,
                    message: "the purpose text \(quoted) has \(length) characters, fewer than \(minimumLength)",
                    fix: "say what the app does with the permission and when, in a full sentence"))
        }
        if placeholder == nil, judgesWords {
            if specific.count < minimumSpecificWords {
                let kept = specific.isEmpty ? "no word" : "only " + specific.map { "\"\($0)\"" }.joined(separator: ", ")
                findings.append(
                    LintFinding(
                        rule: .purposeVague, file: file, key: key,
                        message: "the purpose text \(quoted) says what is asked for but not why: \(kept) beyond generic wording",
                        fix: "name the feature and what the app does with the data, such as \"Scans the receipts you photograph.\""))
            }
        }
        return findings
    }

    /// The first placeholder in `text`, or `nil`.
    func placeholder(in text: String) -> String? {
        if !allowsBuildSettings, let start = (text.range(of: "$(") ?? text.range(of: "${"))?.lowerBound {
            let rest = text[start...]
            let end = rest.firstIndex { $0 == ")" || $0 == "}" }.map { rest.index(after: $0) } ?? rest.endIndex
            return String(rest[..<end].prefix(40))
        }
        let trimmed = text.trimmingWhitespace
        if let first = trimmed.first, let last = trimmed.last, trimmed.count > 1,
            ["[]", "<>", "{}"].contains(String([first, last]))
        {
            return String(trimmed.prefix(40))
        }
        let words = Self.words(in: text)
        for placeholder in placeholders {
            let phrase = Self.words(in: placeholder)
            guard !phrase.isEmpty, words.count >= phrase.count else { continue }
            for start in 0...(words.count - phrase.count) where Array(words[start..<(start + phrase.count)]) == phrase {
                return placeholder
            }
        }
        return nil
    }

    /// Whether `text` is in a script written without spaces between words (Japanese, Chinese, Thai, ...): it has
    /// no space and a letter from one of those scripts, so ``specificWords(in:)`` cannot tell its words apart.
    static func isWrittenWithoutSpaces(_ text: String) -> Bool {
        !text.trimmingWhitespace.contains(where: \.isWhitespace)
            && text.unicodeScalars.contains { $0.value >= 0x0E00 && $0.properties.isAlphabetic }
    }

    /// The words of `text` that are neither generic nor a permission's name, in order.
    func specificWords(in text: String) -> [String] {
        Self.words(in: Self.withoutBuildSettings(text)).filter { !genericWords.contains($0) && !Self.kindNouns.contains($0) }
    }

    /// `text` without its `$(…)` and `${…}` build-setting references, which name no purpose whatever they expand to.
    static func withoutBuildSettings(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = [rest.range(of: "$("), rest.range(of: "${")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            result += rest[..<start.lowerBound]
            let closing: Character = rest[start].last == "(" ? ")" : "}"
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: closing) else { return result }
            result += " "
            rest = after[after.index(after: end)...]
        }
        return result + rest
    }

    /// The lowercased words of `text`: runs of letters and digits, apostrophes kept inside words.
    static func words(in text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'’")) }.filter { !$0.isEmpty }
    }

    static func quote(_ text: String) -> String {
        let short = text.count > 60 ? text.prefix(57) + "..." : Substring(text)
        return "\"\(short)\""
    }
}

extension String {
    /// The string without leading and trailing whitespace and line breaks.
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
