import Permit

/// The Info.plist rules: `missing-purpose-key`, `undeclared-purpose-key`, `unread-purpose-key`,
/// `purpose-mismatch`, `duplicate-key`, and the voice rules on purpose strings that differ from the manifest's texts.
enum InfoPlistRules {
    static func findings(
        manifest: PermissionManifest, plist: InfoPlist, configuration: LintConfiguration, generate: GenerateCommand
    ) -> [LintFinding] {
        var findings: [LintFinding] = []
        let plan = PurposeKeyPlan(manifest: manifest, deploymentTarget: configuration.deploymentTarget)
        let update = generate.writesIt("--info-plist", update: plist.file)
        for entry in plan.entries {
            let value = plist.string(for: entry.key)
            guard let value, !value.trimmingWhitespace.isEmpty else {
                let problem =
                    !plist.keys.contains(entry.key) ? "is missing" : value == nil ? "is not a string" : "is empty"
                findings.append(
                    LintFinding(
                        rule: .missingPurposeKey, file: plist.file, key: entry.key,
                        message: "\(entry.key) \(problem), and the manifest declares \(entry.kind): asking for it "
                            + "crashes the app, and App Store Connect rejects a build that references its API (ITMS-90683)",
                        fix: value == nil && plist.keys.contains(entry.key)
                            ? "make the value of <key>\(entry.key)</key> a <string> holding the purpose text; \(update)"
                            : "add <key>\(entry.key)</key> with the purpose text; \(update)"))
                continue
            }
            guard value != entry.purpose else { continue }
            findings.append(
                LintFinding(
                    rule: .purposeMismatch, file: plist.file, key: entry.key,
                    message: "\(entry.key) says \(PurposeStringRules.quote(value)), and the manifest's purpose for "
                        + "\(entry.kind) says \(PurposeStringRules.quote(entry.purpose))",
                    fix: "keep one text in the manifest, the source of truth; \(update)"))
            // Xcode expands $(PRODUCT_NAME) and the like in an Info.plist: there they are not placeholders.
            var rules = configuration.purposeStrings
            rules.allowsBuildSettings = true
            findings += rules.findings(in: value, file: plist.file, key: entry.key)
        }
        let declared = Set(manifest.kinds)
        for key in plist.keys.sorted() {
            guard let kinds = PlatformTable.kindsByPurposeKey[key] else { continue }
            if PlatformTable.neverReadKeys.contains(key) {
                findings.append(
                    LintFinding(
                        rule: .unreadPurposeKey, file: plist.file, key: key,
                        message: "iOS never reads \(key): \(Self.list(kinds)) needs no purpose string",
                        fix: "remove the key; the permission's own prompt explains itself"))
            } else if declared.isDisjoint(with: kinds) {
                findings.append(.creep(.undeclaredPurposeKey, file: plist.file, key: key, kinds: kinds, entry: "the key"))
            }
        }
        findings += textFindings(manifest: manifest, plan: plan, plist: plist, configuration: configuration)
        for (key, lines) in plist.duplicateKeys.sorted(by: { $0.key < $1.key }) {
            let written = lines.map(String.init).joined(separator: ", ")
            findings.append(
                LintFinding(
                    rule: .duplicateKey, file: plist.file, key: key,
                    message: "\(key) is written \(lines.count) times, on lines \(written): iOS reads the last, on line "
                        + "\(lines[lines.count - 1]), and ignores the others",
                    fix: "keep one <key>\(key)</key> and its value; `permit generate --update` edits the last, the one iOS reads"))
        }
        return findings
    }

    /// The text rules on purpose strings the plan does not cover, and `purpose-copied`.
    ///
    /// Every string under a key that is a purpose key (in the table, or named `…UsageDescription` for a kind
    /// PermitLint does not know) and that no declared kind needs is judged by the purpose-string rules as well:
    /// App Review reads it whatever the manifest says. A purpose key whose text is the same as an earlier key's
    /// (in key order) or a manifest purpose, of another capability, is reported as copied. The keys of one
    /// capability may share a sentence: photo library read and add-only, the always and when-in-use location
    /// keys, the legacy `NSLocationUsageDescription` (``PlatformTable/capability(of:)``).
    static func textFindings(
        manifest: PermissionManifest, plan: PurposeKeyPlan, plist: InfoPlist, configuration: LintConfiguration
    ) -> [LintFinding] {
        var findings: [LintFinding] = []
        var rules = configuration.purposeStrings
        rules.allowsBuildSettings = true
        let planned = Set(plan.entries.map(\.key))
        let purposeKeys = plist.strings.keys.filter { key in
            !PlatformTable.neverReadKeys.contains(key)
                && (PlatformTable.kindsByPurposeKey[key] != nil || key.hasSuffix("UsageDescription"))
        }.sorted()
        for key in purposeKeys where !planned.contains(key) {
            findings += rules.findings(in: plist.strings[key] ?? "", file: plist.file, key: key)
        }
        // Where each text was written first: a purpose key of the Info.plist, else a kind's purpose in the manifest.
        // Each source with the capabilities its kinds are part of.
        var sources: [(text: String, kinds: Set<PermissionKind>, name: String)] = []
        for key in purposeKeys {
            let text = String(plist.strings[key]?.trimmingWhitespace ?? "")
            guard !text.isEmpty else { continue }
            sources.append((text, Set((PlatformTable.kindsByPurposeKey[key] ?? []).map(PlatformTable.capability(of:))), key))
        }
        let manifestSources = manifest.declarations.map {
            (
                text: String($0.purpose.trimmingWhitespace), kinds: Set([PlatformTable.capability(of: $0.kind)]),
                name: "the manifest's purpose for \($0.kind)"
            )
        }
        for (index, source) in sources.enumerated() where !source.kinds.isEmpty {
            // The text of its own kind's purpose is the right text, whoever else copied it.
            if manifestSources.contains(where: { $0.text == source.text && !$0.kinds.isDisjoint(with: source.kinds) }) {
                continue
            }
            let earlier = manifestSources + sources[..<index]
            guard let original = earlier.first(where: { $0.text == source.text && $0.kinds.isDisjoint(with: source.kinds) })
            else { continue }
            findings.append(
                LintFinding(
                    rule: .purposeCopied, file: plist.file, key: source.name,
                    message: "\(source.name) says the same as \(original.name), \(PurposeStringRules.quote(source.text)): "
                        + "a text written for one permission does not explain another, and App Review rejects it (5.1.1)",
                    fix: "write what the app does with this permission; the manifest's purpose for its kind is the source"))
        }
        return findings
    }

    /// `location`, `location or locationAlways`, ...
    static func list(_ kinds: [PermissionKind]) -> String {
        kinds.map(\.rawValue).joined(separator: " or ")
    }
}

extension LintFinding {
    /// Permission creep: `key`, an `entry` of `file`, belongs to `kinds`, none of which the manifest declares.
    static func creep(_ rule: LintRule, file: String, key: String, kinds: [PermissionKind], entry: String) -> LintFinding {
        LintFinding(
            rule: rule, file: file, key: key,
            message: "\(key) belongs to \(InfoPlistRules.list(kinds)), which the manifest does not declare",
            fix: "declare the kind in the manifest if the app asks for it; otherwise remove \(entry)")
    }
}
