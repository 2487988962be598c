import Permit

/// The rule on translated purpose strings: `purpose-not-localized`.
///
/// Every needed purpose key must be translated, with a text that is not empty, in every locale the app ships:
/// an `.lproj` folder's `InfoPlist.strings` or a language of an `InfoPlist.xcstrings` catalog. A key missing
/// from a locale shows the development language's text, or nothing, to the people who use the app in that
/// language. The development region (the Info.plist's `CFBundleDevelopmentRegion` when it is written out, else
/// `en`, Xcode's default `DEVELOPMENT_LANGUAGE`) and `Base` hold the Info.plist's own texts and are not checked.
enum LocalizationRules {
    static func findings(
        manifest: PermissionManifest, localizations: PurposeLocalizations, developmentRegion: String,
        configuration: LintConfiguration
    ) -> [LintFinding] {
        let plan = PurposeKeyPlan(manifest: manifest, deploymentTarget: configuration.deploymentTarget)
        var findings: [LintFinding] = []
        for locale in localizations.locales
        where locale.table == "InfoPlist" && locale.identifier != "Base" && locale.identifier != developmentRegion {
            for entry in plan.entries {
                let text = locale.strings[entry.key]
                guard text?.trimmingWhitespace.isEmpty ?? true else { continue }
                findings.append(
                    LintFinding(
                        rule: .purposeNotLocalized, file: locale.file, key: entry.key,
                        message: "\(entry.key) \(text == nil ? "has no" : "has an empty") \(locale.identifier) translation, "
                            + "and the manifest declares \(entry.kind): people using the app in \(locale.identifier) are "
                            + "asked for it in another language",
                        fix: "translate the manifest's purpose for \(entry.kind) into \(locale.identifier) under \(entry.key)"))
            }
        }
        return findings
    }
}
