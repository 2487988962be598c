import Logging

extension PromptPolicy {
    /// Asks for precise location until the app is next launched, when the person allowed approximate location
    /// only, and says what came of it: what a feature that needs precise location does at
    /// ``NextStep/requestTemporaryFullAccuracy``, and what a page's `enableHighAccuracy` asks for.
    ///
    /// The OS is asked, with the declaration's ``PermissionDeclaration/fullAccuracyPurposeKey``, only when `kind`
    /// reads ``PermissionStatus/approximate``, the manifest declares the key, and this launch has not asked yet
    /// (iOS keeps the answer until the next launch: asking again would only nag). Otherwise nothing is asked, and
    /// the outcome gives the reason: a missing key reads as not upgraded, ``FullAccuracyOutcome/Reason/noPurposeKey``,
    /// logged at `notice`, and never reaches the OS.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it.
    public func requestTemporaryFullAccuracy(for kind: PermissionKind = .location) async throws -> FullAccuracyOutcome {
        let declaration = try declaration(of: kind)
        let current = try await state(of: kind)
        switch FullAccuracyDecision(
            status: current.status, purposeKey: declaration.fullAccuracyPurposeKey,
            askedThisLaunch: fullAccuracyAsked.contains(kind))
        {
        case .precise:
            return FullAccuracyOutcome(state: current, asked: false, reason: nil)
        case .refuse(let reason):
            if reason == .noPurposeKey {
                logger.notice(
                    "precise location was wanted, but the manifest declares no fullAccuracyPurposeKey; not asked",
                    metadata: ["kind": "\(kind)"])
            }
            return FullAccuracyOutcome(state: current, asked: false, reason: reason)
        case .ask(let purposeKey):
            // Marked before the await: a second call meanwhile does not ask again.
            fullAccuracyAsked.insert(kind)
            let location = try await center.requestTemporaryFullAccuracy(purposeKey: purposeKey)
            let after = kind == .location ? location : try await state(of: kind)
            let outcome = FullAccuracyOutcome(state: after, asked: true, reason: nil)
            logger.info(
                "asked for temporary full accuracy",
                metadata: ["kind": "\(kind)", "purposeKey": "\(purposeKey)", "status": "\(after.status)"])
            return outcome.isPrecise ? outcome : FullAccuracyOutcome(state: after, asked: true, reason: .declined)
        }
    }
}

/// Whether to ask for temporary full accuracy: a pure decision over the status, the declared purpose key and
/// this launch's requests.
enum FullAccuracyDecision: Hashable, Sendable {
    /// Usable and precise already: nothing to ask.
    case precise
    /// Not asked, for this reason.
    case refuse(FullAccuracyOutcome.Reason)
    /// Ask, with this purpose key.
    case ask(purposeKey: String)

    init(status: PermissionStatus, purposeKey: String?, askedThisLaunch: Bool) {
        guard status.isUsable else {
            self = .refuse(.notUsable)
            return
        }
        guard status == .approximate else {
            self = .precise
            return
        }
        guard let purposeKey else {
            self = .refuse(.noPurposeKey)
            return
        }
        self = askedThisLaunch ? .refuse(.alreadyAsked) : .ask(purposeKey: purposeKey)
    }
}
