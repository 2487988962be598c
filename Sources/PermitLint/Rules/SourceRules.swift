import Permit

/// The rules on what the app's sources use: `module-kind-undeclared`, `module-not-linked` and
/// `privacy-user-defaults`.
enum SourceRules {
    static func moduleFindings(
        manifest: PermissionManifest, sources: SourceScan, modules: [PlatformTable.Module] = PlatformTable.modules,
        deploymentTarget: DeploymentTarget = .permitMinimum
    ) -> [LintFinding] {
        var findings: [LintFinding] = []
        let declared = Set(manifest.kinds)
        let declaredKeys = Set(PurposeKeyPlan(manifest: manifest, deploymentTarget: deploymentTarget).entries.map(\.key))
        for module in modules where !Set(module.kinds).isSubset(of: declared) {
            guard let file = sources.file(importing: module.name) else { continue }
            let undeclared = module.kinds.filter { !declared.contains($0) }
            var keys: [String] = []
            for kind in undeclared {
                for key in PlatformTable.row(for: kind)?.purposeKeys ?? [] where key.isNeeded(for: deploymentTarget) {
                    if !declaredKeys.contains(key.name), !keys.contains(key.name) { keys.append(key.name) }
                }
            }
            let missingKeys = keys.isEmpty ? "" : "; their purpose keys \(keys.joined(separator: ", ")) are missing"
            findings.append(
                LintFinding(
                    rule: .moduleKindUndeclared, file: file, key: module.name,
                    message: "the app imports \(module.name), whose binary references the APIs of "
                        + "\(module.kinds.map(\.rawValue).joined(separator: " and ")), and the manifest does not declare "
                        + "\(InfoPlistRules.list(undeclared))\(missingKeys): App Store Connect rejects a build that "
                        + "references an API with no purpose string (ITMS-90683)",
                    fix: "declare \(undeclared.map(\.rawValue).joined(separator: " and ")) in the manifest, or stop importing "
                        + "\(module.name)"))
        }
        for kind in manifest.kinds {
            guard let module = PlatformTable.module(for: kind, in: modules), module.exists,
                sources.file(importing: module.name) == nil
            else { continue }
            findings.append(
                LintFinding(
                    rule: .moduleNotLinked, file: sources.path, key: kind.rawValue,
                    message: "the manifest declares \(kind), and no source under \(sources.path) imports \(module.name), "
                        + "Permit's adapter that asks for it",
                    fix: "import \(module.name) where the app asks for \(kind), or remove the declaration if nothing does"))
        }
        return findings
    }

    static func privacyFindings(sources: SourceScan, privacy: PrivacyManifest, generate: GenerateCommand) -> [LintFinding] {
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
                message: "\(use.file) uses \(use.identifier), and the privacy manifest \(problem): App Store Connect rejects the build (ITMS-91053)",
                fix: "add an \(PrivacyManifest.accessedAPITypesKey) entry for \(category) with the reason "
                    + "\(PlatformTable.userDefaultsDefaultReason); "
                    + generate.writesIt("--privacy-manifest", update: privacy.file)),
        ]
    }
}
