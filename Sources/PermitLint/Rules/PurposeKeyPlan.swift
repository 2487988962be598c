import Permit

/// The Info.plist purpose keys a manifest needs, each with the purpose text it should hold: what
/// `missing-purpose-key` and `purpose-mismatch` check and what `permit generate --info-plist` writes.
///
/// A key two declared kinds need, such as `NSLocationWhenInUseUsageDescription` for both `location` and
/// `locationAlways`, takes the purpose of the kind whose own key it is (`location`), else of the first such
/// kind in the manifest.
struct PurposeKeyPlan {
    /// A needed key, the kind whose purpose it holds, and that purpose.
    struct Entry: Equatable {
        let key: String
        let kind: PermissionKind
        let purpose: String
    }

    /// The needed keys in the manifest's order, each once.
    let entries: [Entry]

    init(manifest: PermissionManifest, deploymentTarget: DeploymentTarget) {
        var order: [String] = []
        var owners: [String: PermissionDeclaration] = [:]
        for declaration in manifest.declarations {
            guard let row = PlatformTable.row(for: declaration.kind) else { continue }
            for key in row.purposeKeys where key.isNeeded(for: deploymentTarget) {
                if let owner = owners[key.name] {
                    if !Self.isOwnKey(key.name, of: owner.kind), Self.isOwnKey(key.name, of: declaration.kind) {
                        owners[key.name] = declaration
                    }
                } else {
                    order.append(key.name)
                    owners[key.name] = declaration
                }
            }
        }
        entries = order.compactMap { key in
            owners[key].map { Entry(key: key, kind: $0.kind, purpose: $0.purpose) }
        }
    }

    private static func isOwnKey(_ key: String, of kind: PermissionKind) -> Bool {
        PlatformTable.row(for: kind)?.purposeKeys.first?.name == key
    }
}
