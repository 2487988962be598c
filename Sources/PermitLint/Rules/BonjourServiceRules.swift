import Permit

/// `bonjour-service-missing`: when the manifest declares `localNetwork`, the Info.plist's `NSBonjourServices` lists
/// the Bonjour service type `LocalNetworkAuthority`'s probe browses for.
///
/// Which type: `_permit-probe._tcp`, the default, unless the sources (when given) pass `serviceType:` to
/// `LocalNetworkAuthority(…)`; then each literal passed. A call with the deprecated `endpoint:` probe browses for
/// no type of its own and needs none. A `serviceType:` value PermitLint cannot read (a variable) is never guessed:
/// the finding says that the type given in code must be listed, and only when `NSBonjourServices` lists nothing
/// (missing, empty or malformed), since any listed type may be it. Sources that never import `PermitLocalNetwork`
/// need nothing: the app reads the permission with an authority of its own.
enum BonjourServiceRules {
    /// A service type the probe needs listed, and where the need comes from.
    enum Need: Equatable {
        /// `type`, with the words that say where it comes from.
        case type(String, origin: String)
        /// A `serviceType:` value written as `value`, at `place` (`File.swift:12`).
        case unreadable(value: String, place: String)
    }

    static func findings(
        manifest: PermissionManifest, plist: InfoPlist, sources: SourceScan?, generate: GenerateCommand
    ) -> [LintFinding] {
        guard appliesTo(manifest, sources) else { return [] }
        let key = PlatformTable.bonjourServicesKey
        let listed = plist.stringArrays[key]
        let problem =
            switch listed {
            case nil: plist.keys.contains(key) ? "is not an array of strings" : "is missing"
            case let types? where types.isEmpty: "lists no service type"
            case let types?: "lists " + types.joined(separator: ", ")
            }
        let declares = "and the manifest declares localNetwork"
        let refused = "iOS refuses a Bonjour browse for a type NSBonjourServices does not list, so the kind reads "
            + "unavailable and cannot be granted"
        let update = generate.writesIt("--info-plist", update: plist.file)
        var findings: [LintFinding] = []
        for need in needs(sources) {
            switch need {
            case .type(let type, let origin):
                guard listed?.contains(type) != true else { continue }
                let entry = "<key>\(key)</key><array><string>\(type)</string></array>"
                let fix =
                    switch listed {
                    case nil where plist.keys.contains(key):
                        "make the value of <key>\(key)</key> an <array> of <string>s that lists \(type): \(entry)"
                    case nil: "add \(entry); \(update)"
                    case _?: "add <string>\(type)</string> to the <array> of <key>\(key)</key>; \(update)"
                    }
                findings.append(
                    LintFinding(
                        rule: .bonjourServiceMissing, file: plist.file, key: key,
                        message: "\(key) \(problem), \(declares): LocalNetworkAuthority's probe browses for \(type) "
                            + "(\(origin)), and \(refused)" + (sources == nil && listed?.isEmpty == false
                                ? " (if the app passes a listed type as serviceType:, lint with --sources to read it)" : ""),
                        fix: fix))
            case .unreadable(let value, let place):
                guard listed?.isEmpty ?? true else { continue }
                findings.append(
                    LintFinding(
                        rule: .bonjourServiceMissing, file: plist.file, key: key,
                        message: "\(key) \(problem), \(declares): LocalNetworkAuthority in \(place) browses for the "
                            + "service type given in code (`serviceType: \(value)`), which PermitLint does not read and "
                            + "\(key) must list; \(refused)",
                        fix: "add <key>\(key)</key><array><string>…</string></array> holding the service type "
                            + "passed as serviceType: in \(place)"))
            }
        }
        return findings
    }

    /// Whether the rule applies: the manifest declares `localNetwork`, and the sources, when given, import
    /// `PermitLocalNetwork` (sources that never do use an authority of the app's own, whose needs are its own).
    static func appliesTo(_ manifest: PermissionManifest, _ sources: SourceScan?) -> Bool {
        guard manifest.kinds.contains(.localNetwork) else { return false }
        guard let sources, let module = PlatformTable.module(for: .localNetwork) else { return true }
        return sources.file(importing: module.name) != nil
    }

    /// What the sources ask to be listed, each once: the default when no sources are given or no call names a type.
    static func needs(_ sources: SourceScan?) -> [Need] {
        let standard = PlatformTable.localNetworkProbeServiceType
        guard let calls = sources?.localNetworkAuthorityCalls, !calls.isEmpty else {
            return [.type(standard, origin: "the default, LocalNetworkAuthority.defaultServiceType")]
        }
        var needs: [Need] = []
        var types: Set<String> = []
        for call in calls {
            let place = "\(call.file):\(call.line)"
            let need: Need
            switch call.serviceType {
            case .defaultType: need = .type(standard, origin: "the default, taken by the call in \(place)")
            case .literal(let type): need = .type(type, origin: "passed as serviceType: in \(place)")
            case .unreadable(let value): need = .unreadable(value: value, place: place)
            case .endpoint: continue
            }
            if case .type(let type, _) = need {
                guard types.insert(type).inserted else { continue }
            }
            needs.append(need)
        }
        return needs
    }
}
