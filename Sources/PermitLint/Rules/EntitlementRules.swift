import Permit

/// The rules on the app's entitlements: `entitlement-missing` (a declared kind's framework needs one),
/// `entitlement-claim-unbacked` (the code says the app holds one the file lacks) and `entitlement-unclaimed` (the
/// code says the app does not hold one the file has).
enum EntitlementRules {
    /// `entitlement-missing`: each declared kind whose framework needs an entitlement the file does not hold.
    static func missingFindings(manifest: PermissionManifest, entitlements: Entitlements) -> [LintFinding] {
        manifest.kinds.compactMap { kind in
            guard let needed = PlatformTable.row(for: kind)?.entitlement, !entitlements.holds(needed.key) else { return nil }
            let without = needed.without.map { " (\($0))" } ?? ""
            return LintFinding(
                rule: .entitlementMissing, file: entitlements.file, key: needed.key,
                message: "the manifest declares \(kind), and \(entitlements.file) does not hold \(needed.key): on a "
                    + "device iOS refuses \(kind) without it\(without)",
                fix: "add the \(needed.capability) capability to the app's target in Xcode (it writes \(needed.key)), "
                    + "or remove \(kind) from the manifest")
        }
    }

    /// `entitlement-claim-unbacked` and `entitlement-unclaimed`: each claim the sources make that the file contradicts, once per argument.
    static func claimFindings(sources: SourceScan, entitlements: Entitlements) -> [LintFinding] {
        var findings: [LintFinding] = []
        var reported: Set<String> = []
        for claim in sources.entitlementClaims where !reported.contains(claim.argument) {
            guard let pattern = PlatformTable.entitlementClaims.first(where: { $0.argument == claim.argument }) else {
                continue
            }
            let held =
                if let listing = pattern.listing {
                    entitlements.values(of: pattern.entitlement.key).contains(listing)
                } else {
                    entitlements.holds(pattern.entitlement.key)
                }
            guard held != claim.holds else { continue }
            reported.insert(claim.argument)
            let key = pattern.entitlement.key
            let what = pattern.listing.map { "\(key) listing \($0)" } ?? key
            if claim.holds {
                findings.append(
                    LintFinding(
                        rule: .entitlementClaimUnbacked, file: claim.file, key: claim.argument,
                        message: "the code says the app holds \(what) (\(claim.argument)), and "
                            + "\(entitlements.file) does not: \(pattern.entitlement.without ?? "the adapter touches an API that needs it")",
                        fix: "add the \(pattern.entitlement.capability) capability to the app's target in Xcode, or stop passing "
                            + "\(claim.argument)"))
            } else {
                findings.append(
                    LintFinding(
                        rule: .entitlementUnclaimed, file: claim.file, key: claim.argument,
                        message: "the code says the app does not hold \(what) (\(claim.argument): false), and "
                            + "\(entitlements.file) holds it: the adapter reads unavailable and never asks",
                        fix: "pass \(claim.argument): true, or remove the \(pattern.entitlement.capability) capability if the app "
                            + "does not use it"))
            }
        }
        return findings
    }
}
