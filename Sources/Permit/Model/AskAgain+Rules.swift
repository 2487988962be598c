// MARK: - The rules

extension AskAgain {
    /// The kinds iOS gives no status API for: their status is Permit's inference (``PermissionKind/localNetwork``
    /// from a Bonjour probe, Apple's TN3179; ``PermissionKind/nearbyInteraction`` from the app's sessions).
    package static let kindsWithoutStatusAPI: Set<PermissionKind> = [.localNetwork, .nearbyInteraction]

    /// The answer for `kind` from its persisted record and this install's history, by the first rule that
    /// applies:
    ///
    /// | rule | status and history | can ask again | evidence | reason |
    /// | --- | --- | --- | --- | --- |
    /// | 1 | no record yet | yes | unknown | ``Reason/notDetermined`` |
    /// | 2 | a kind without a status API, not determined | yes | unknown | ``Reason/noStatusAPI`` |
    /// | 3 | a kind without a status API, otherwise | no | inferred | ``Reason/noStatusAPI`` |
    /// | 4 | denied | no | observed | ``Reason/denied`` |
    /// | 5 | restricted | no | observed | ``Reason/restricted`` |
    /// | 6 | unavailable | no | observed | ``Reason/unavailable`` |
    /// | 7 | not determined after a request that showed no prompt | yes | inferred | ``Reason/promptNotShown`` |
    /// | 8 | location not determined, last change from usable with no request | yes | inferred | ``Reason/allowOnceEnded`` |
    /// | 9 | not determined | yes | observed | ``Reason/notDetermined`` |
    /// | 10 | provisional | yes | inferred | ``Reason/provisional`` |
    /// | 11 | ephemeral | yes | inferred | ``Reason/ephemeral`` |
    /// | 12 | write-only | yes | observed | ``Reason/upgrade`` |
    /// | 13 | approximate | yes | observed | ``Reason/temporaryFullAccuracy`` |
    /// | 14 | undisclosed | no | unknown | ``Reason/undisclosed`` |
    /// | 15 | Face ID allowed, never prompted | yes | inferred | ``Reason/promptAtFirstUse`` |
    /// | 16 | otherwise usable | no | observed | ``Reason/usable`` |
    ///
    /// What they rest on (Apple's documentation):
    /// - 4: "Requesting access to protected resources": the system asks once; after that the person changes
    ///   the choice in Settings.
    /// - 7: `requestTrackingAuthorization(completionHandler:)`: "The system displays the prompt only when the app
    ///   state is active"; an answered prompt always determines the status, so a request that leaves it not
    ///   determined showed none (``PermissionStatus/requestShowedPrompt(from:to:)``).
    /// - 8: `CLAuthorizationStatus.notDetermined` and "Requesting authorization to use location services": a
    ///   one-time authorization (Allow Once) ends when the app is no longer in use, and the status returns to
    ///   not determined.
    /// - 10, 11: "Asking permission to use notifications": provisional authorization is granted without a
    ///   prompt, and the app can ask for full authorization later; an App Clip's ephemeral notifications last
    ///   eight hours after launch.
    /// - 12: `EKEventStore.requestFullAccessToEvents`: with write-only access, iOS shows the upgrade prompt.
    /// - 13: `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` prompts while accuracy is reduced.
    /// - 14: "Authorizing access to health data": the app cannot tell whether read access was granted, and the
    ///   sheet shows only for types not yet asked for.
    /// - 15: `LAContext.evaluatePolicy`: the Face ID prompt shows at the first evaluation.
    public init(kind: PermissionKind, record: PermissionRecord?, history: [PermissionChange]) {
        guard let record else {
            self.init(canAskAgain: true, evidence: .unknown, reason: .notDetermined)
            return
        }
        let status = record.status
        if Self.kindsWithoutStatusAPI.contains(kind) {
            self.init(canAskAgain: status == .notDetermined, evidence: status == .notDetermined ? .unknown : .inferred, reason: .noStatusAPI)
            return
        }
        switch status {
        case .denied: self.init(canAskAgain: false, evidence: .observed, reason: .denied)
        case .restricted: self.init(canAskAgain: false, evidence: .observed, reason: .restricted)
        case .unavailable: self.init(canAskAgain: false, evidence: .observed, reason: .unavailable)
        case .notDetermined:
            if record.promptNotShownAt != nil {
                self.init(canAskAgain: true, evidence: .inferred, reason: .promptNotShown)
            } else if Self.allowOnceEnded(kind: kind, history: history) {
                self.init(canAskAgain: true, evidence: .inferred, reason: .allowOnceEnded)
            } else {
                self.init(canAskAgain: true, evidence: .observed, reason: .notDetermined)
            }
        case .provisional: self.init(canAskAgain: true, evidence: .inferred, reason: .provisional)
        case .ephemeral: self.init(canAskAgain: true, evidence: .inferred, reason: .ephemeral)
        case .writeOnly: self.init(canAskAgain: true, evidence: .observed, reason: .upgrade)
        case .approximate: self.init(canAskAgain: true, evidence: .observed, reason: .temporaryFullAccuracy)
        case .undisclosed: self.init(canAskAgain: false, evidence: .unknown, reason: .undisclosed)
        case .granted where kind == .faceID && !record.hasPrompted:
            self.init(canAskAgain: true, evidence: .inferred, reason: .promptAtFirstUse)
        case .granted, .limited: self.init(canAskAgain: false, evidence: .observed, reason: .usable)
        }
    }

    /// Whether `kind` is location whose last change in `history` went from usable to not determined without a
    /// request: the end of an Allow Once.
    private static func allowOnceEnded(kind: PermissionKind, history: [PermissionChange]) -> Bool {
        guard kind == .location || kind == .locationAlways,
            let last = history.last(where: { $0.kind == kind })
        else { return false }
        return last.current == .notDetermined && last.previous?.isUsable == true && last.cause != .request
    }
}
