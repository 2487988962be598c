import Permit

/// The Android rules: `android-missing-permission` and `android-undeclared-permission`.
///
/// Network access is implicit: every app needs `INTERNET`. A permission PermitLint's table does not know
/// (`WAKE_LOCK`, an app's own) is no one's to judge and is not reported.
enum AndroidRules {
    static func findings(manifest: PermissionManifest, android: AndroidManifest, generate: GenerateCommand) -> [LintFinding] {
        var needed: [(permission: String, kind: PermissionKind?)] = PlatformTable.implicitAndroidRequired.map { ($0, nil) }
        var allowed = Set(PlatformTable.implicitAndroidRequired + PlatformTable.implicitAndroidAccepted)
        for kind in manifest.kinds {
            guard let row = PlatformTable.row(for: kind) else { continue }
            for permission in row.androidRequired where !needed.contains(where: { $0.permission == permission }) {
                needed.append((permission, kind))
            }
            allowed.formUnion(row.androidRequired + row.androidAccepted)
        }
        let present = Set(android.permissions)
        var findings: [LintFinding] = []
        for (permission, kind) in needed where !present.contains(permission) {
            let reason = kind.map { "the manifest declares \($0)" } ?? "network access is required and implicit"
            if let line = android.removedPermissions[permission] {
                findings.append(
                    LintFinding(
                        rule: .androidMissingPermission, file: android.file, key: permission,
                        message: "<uses-permission> \(permission) is removed by tools:node=\"remove\" on line \(line), "
                            + "and \(reason): the merged manifest does not ask for it, so Android refuses it",
                        fix: "delete the tools:node=\"remove\" entry on line \(line) if the app needs \(permission); "
                            + "`permit generate` leaves it for you to decide"))
                continue
            }
            findings.append(
                LintFinding(
                    rule: .androidMissingPermission, file: android.file, key: permission,
                    message: "<uses-permission> \(permission) is missing, and \(reason): Android refuses what is not declared",
                    fix: "add <uses-permission android:name=\"\(permission)\" />; "
                        + generate.writesIt("--android-manifest", update: android.file)))
        }
        var reported: Set<String> = []
        for permission in android.permissions where !allowed.contains(permission) && !reported.contains(permission) {
            guard let kinds = PlatformTable.kindsByAndroidPermission[permission] else { continue }
            reported.insert(permission)
            findings.append(
                .creep(.androidUndeclaredPermission, file: android.file, key: permission, kinds: kinds, entry: "the <uses-permission>"))
        }
        return findings
    }
}
