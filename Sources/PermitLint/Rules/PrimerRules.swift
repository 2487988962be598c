import Permit

/// The rules on an app's primer texts (a declaration's `primerText` in the manifest, and the translations of its
/// continue label in the app's `Localizable` tables): `primer-label-prompt-words`, `primer-label-not-neutral`,
/// `primer-way-around`, and the purpose-string rules on the primer's message.
///
/// App Review guideline 5.1.1(iv): a primer before a permission request must continue to the system prompt,
/// with a neutral button ("Continue", "Next"), never one that reads as the grant ("Allow", "Grant", "Enable", the
/// prompt's own words) and never a way to leave without the prompt. A declaration's texts are checked when it shows
/// a primer or writes primer texts; its continue label is the default "Continue" unless it writes its own, and
/// each translation of the label found in a `Localizable.strings` or `Localizable.xcstrings` is checked too. The
/// message states the purpose: the purpose-string rules judge a message the declaration writes.
enum PrimerRules {
    static func findings(
        manifest: PermissionManifest, manifestFile: String, localizations: PurposeLocalizations?,
        configuration: LintConfiguration
    ) -> [LintFinding] {
        var findings: [LintFinding] = []
        for declaration in manifest.declarations where declaration.showsPrimer || !declaration.primerText.isEmpty {
            let kind = declaration.kind
            let primer = Primer(for: declaration)
            findings += labelFindings(
                primer.continueLabel, of: kind, file: manifestFile, key: kind.rawValue, written: "the continue label")
            for locale in localizations?.locales ?? [] where locale.table != "InfoPlist" {
                guard let translation = locale.strings[primer.continueLabel], translation != primer.continueLabel
                else { continue }
                findings += labelFindings(
                    translation, of: kind, file: locale.file, key: primer.continueLabel,
                    written: "the \(locale.identifier) translation of the continue label \"\(primer.continueLabel)\"")
            }
            for (field, text) in [("title", declaration.primerText.title), ("message", declaration.primerText.message)] {
                guard let text, let phrase = PrimerWording.first(of: PrimerWording.wayAroundMessageWords, in: text)
                else { continue }
                findings.append(
                    wayAround(phrase, in: text, written: "the primer \(field)", of: kind, file: manifestFile, key: kind.rawValue))
            }
            if let message = declaration.primerText.message, !message.trimmingWhitespace.isEmpty {
                findings += configuration.purposeStrings.findings(
                    in: message, file: manifestFile, key: "\(kind.rawValue) primer message")
            }
        }
        return findings
    }

    /// The findings on one continue label, `written` where it stands.
    private static func labelFindings(
        _ label: String, of kind: PermissionKind, file: String, key: String, written: String
    ) -> [LintFinding] {
        let quoted = PurposeStringRules.quote(label)
        if let word = PrimerWording.first(of: PrimerWording.promptWords, in: label) {
            return [
                LintFinding(
                    rule: .primerLabelPromptWords, file: file, key: key,
                    message: "\(written) of the \(kind) primer, \(quoted), says \"\(word)\": it reads as the grant "
                        + "itself, and App Review rejects a primer whose button is worded like the system prompt's (5.1.1(iv))",
                    fix: "label the button \"Continue\" or \"Next\" (or their translation); the system prompt that follows asks"),
            ]
        }
        if let phrase = PrimerWording.first(of: PrimerWording.wayAroundLabelWords, in: label) {
            return [wayAround(phrase, in: label, written: written, of: kind, file: file, key: key)]
        }
        guard !PrimerWording.isNeutral(label) else { return [] }
        return [
            LintFinding(
                rule: .primerLabelNotNeutral, file: file, key: key,
                message: "\(written) of the \(kind) primer, \(quoted), is not a neutral label such as \"Continue\" or "
                    + "\"Next\": App Review asks for one that only moves on to the system prompt",
                fix: "label the button \"Continue\" or \"Next\", or their translation"),
        ]
    }

    private static func wayAround(
        _ phrase: String, in text: String, written: String, of kind: PermissionKind, file: String, key: String
    ) -> LintFinding {
        LintFinding(
            rule: .primerWayAround, file: file, key: key,
            message: "\(written) of the \(kind) primer, \(PurposeStringRules.quote(text)), offers \"\(phrase)\": a way "
                + "around the system prompt, which App Review rejects (5.1.1(iv): the person always proceeds to the request)",
            fix: "give the primer one button that continues to the system prompt; a person who does not want to "
                + "share answers the prompt itself")
    }
}
