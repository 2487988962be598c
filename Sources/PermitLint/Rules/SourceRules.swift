import Permit

/// The rules on what the app's sources use: `module-kind-undeclared`, `module-not-linked` and
/// `privacy-user-defaults`.
enum SourceRules {
    static func moduleFindings(manifest: PermissionManifest, sources: SourceScan) -> [LintFinding] {
        var findings: [LintFinding] = []
        let declared = Set(manifest.kinds)
        for (module, kinds) in PlatformTable.modules where !kinds.isEmpty {
            guard let file = sources.file(importing: module) else { continue }
            guard declared.isDisjoint(with: kinds) else { continue }
            findings.append(
                LintFinding(
                    rule: .moduleKindUndeclared, file: file, key: module,
                    message: "the app imports \(module), which asks for \(InfoPlistRules.list(kinds)), and the manifest "
                        + "declares none: the binary references the API with no purpose string (ITMS-90683)",
                    fix: "declare the kind the app uses in the manifest, or stop importing \(module)"))
        }
        for kind in manifest.kinds {
            guard let module = PlatformTable.modules.first(where: { $0.kinds.contains(kind) })?.name,
                sources.file(importing: module) == nil
            else { continue }
            findings.append(
                LintFinding(
                    rule: .moduleNotLinked, file: sources.path, key: kind.rawValue,
                    message: "the manifest declares \(kind), and no source under \(sources.path) imports \(module), "
                        + "Permit's adapter that asks for it",
                    fix: "import \(module) where the app asks for \(kind), or remove the declaration if nothing does"))
        }
        return findings
    }

    static func privacyFindings(sources: SourceScan, privacy: PrivacyManifest) -> [LintFinding] {
        guard let use = sources.userDefaultsUse else { return [] }
        let category = PlatformTable.userDefaultsCategory
        let reasons = privacy.reasons(for: category)
        let valid = reasons?.filter(PlatformTable.userDefaultsReasons.contains) ?? []
        guard valid.isEmpty else { return [] }
        let problem =
            switch reasons {
            case nil: "declares no \(category) entry"
            case let reasons? where reasons.isEmpty: "declares \(category) with no reason"
            case let reasons?: "declares \(category) only with reasons Apple does not list for it: \(reasons.joined(separator: ", "))"
            }
        return [
            LintFinding(
                rule: .privacyUserDefaults, file: privacy.file, key: PrivacyManifest.accessedAPITypesKey,
                message: "\(use.file) uses \(use.identifier), which reads and writes UserDefaults, and the privacy "
                    + "manifest \(problem): App Store Connect rejects the build (ITMS-91053)",
                fix: "add an \(PrivacyManifest.accessedAPITypesKey) entry for \(category) with the reason "
                    + "\(PlatformTable.userDefaultsDefaultReason); `permit generate --privacy-manifest --update \(privacy.file)` writes it"),
        ]
    }
}
