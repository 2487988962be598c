/// Which installations a queued notification goes to: those whose kind is in a state (for example, everyone
/// with notifications granted), or those named. Installations without a token, or whose token is quarantined,
/// are left out either way.
package enum PushSelection: Sendable, Hashable, Codable {
    /// Every installation whose last reported state of `kind` is `state`.
    case kindState(kind: String, state: ReportedState)
    /// These installations.
    case installations([String])

    /// How many installations one notification may name.
    package static let maxInstallations = 1_000

    /// The condition on `permit_installations` that picks the selection, with its values numbered from `first`.
    ///
    /// A kind's state is found in the `states` JSON by its text (`"kind":"state"`, as the storage writes it with
    /// sorted keys and no spaces): the one form both engines read alike. A kind is letters and digits, so it
    /// holds no `LIKE` wildcard.
    func condition(firstValue first: Int) -> (sql: String, values: [SQLValue]) {
        switch self {
        case .kindState(let kind, let state):
            return ("states LIKE $\(first)", [.text("%\"\(kind)\":\"\(state.rawValue)\"%")])
        case .installations(let installations):
            let placeholders = installations.indices.map { "$\(first + $0)" }.joined(separator: ", ")
            return ("installation IN (\(placeholders))", installations.map(SQLValue.text))
        }
    }

    /// Whether the selection can be queued: a kind of letters and digits starting with a lowercase letter, or
    /// one to ``maxInstallations`` installations, each accepted by `isValidInstallation`.
    package func isValid(installation isValidInstallation: (String) -> Bool) -> Bool {
        switch self {
        case .kindState(let kind, _):
            guard let first = kind.unicodeScalars.first, ("a"..."z").contains(first), kind.utf8.count <= 64 else { return false }
            return kind.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        case .installations(let installations):
            return !installations.isEmpty && installations.count <= Self.maxInstallations && installations.allSatisfy(isValidInstallation)
        }
    }
}

/// How one queued send stands: waiting, or how it ended (``PushOutcome``).
package enum PushSendState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not sent yet, or to be retried.
    case queued
    /// The service accepted it.
    case delivered
    /// The token was dead; it was removed from the registry.
    case tokenRemoved
    /// APNs called the token unregistered before its last registration: it was kept.
    case tokenKept
    /// APNs refused the token (`BadDeviceToken`): it was quarantined.
    case tokenQuarantined
    /// The service refused the message.
    case rejected
    /// Credentials or configuration failed.
    case failed
    /// Every retry was used.
    case gaveUp

    /// The state and the line that record `outcome`.
    init(_ outcome: PushOutcome) {
        switch outcome {
        case .delivered: self = .delivered
        case .tokenRemoved: self = .tokenRemoved
        case .tokenKept: self = .tokenKept
        case .tokenQuarantined: self = .tokenQuarantined
        case .rejected: self = .rejected
        case .failed: self = .failed
        case .gaveUp: self = .gaveUp
        }
    }
}
