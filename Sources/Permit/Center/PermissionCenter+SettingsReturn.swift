import Foundation
import Logging

// MARK: - Back from Settings

extension PermissionCenter {
    /// How long a recorded ``SettingsIntent`` waits for the person to come back, by default: 10 minutes.
    public static let defaultSettingsIntentLifetime: Duration = .seconds(600)

    /// Records `intent` with the current states, then opens Settings through `opener`: the way to send the person
    /// to Settings so that the app can resume what they were doing when they come back (``SettingsReturn``).
    ///
    /// The return is reported once, at the next launch (iOS terminates the app for most privacy changes) or the
    /// next return to the foreground, unless `lifetime` passed first. Recording a new intent replaces the one
    /// waiting. When Settings does not open, the intent is dropped.
    ///
    /// For example, from a "Turn on in Settings" button:
    ///
    /// ```swift
    /// let opened = try await center.openSettings(for: SettingsIntent(kind: .camera, feature: "scan"), with: settings)
    /// ```
    ///
    /// - Returns: Whether Settings opened.
    /// - Throws: ``PermitError/kindNotTracked`` when the center does not track the intent's kind;
    ///   ``PermitError/invalidValue`` when its payload is larger than ``SettingsIntent/maximumPayloadSize``. Nothing
    ///   opens then.
    @discardableResult
    public func openSettings(
        for intent: SettingsIntent, with opener: any SettingsOpener, lifetime: Duration = defaultSettingsIntentLifetime
    ) async throws -> Bool {
        try await recordSettingsIntent(intent, lifetime: lifetime)
        let opened = await opener.openSettings()
        if !opened {
            try? await storage.setValue(nil, for: SettingsVisit.key)
            logger.notice("Settings did not open; the intent is dropped", metadata: ["kind": "\(intent.kind)"])
        }
        return opened
    }

    /// Records `intent` with the current states, for an app that opens Settings itself right after; prefer
    /// ``openSettings(for:with:lifetime:)``, which drops the intent when Settings does not open.
    ///
    /// - Throws: As ``openSettings(for:with:lifetime:)``.
    public func recordSettingsIntent(_ intent: SettingsIntent, lifetime: Duration = defaultSettingsIntentLifetime) async throws {
        guard kinds.contains(intent.kind) else { throw PermitError.kindNotTracked.withDetail("\(intent.kind)") }
        if let payload = intent.payload, payload.utf8.count > SettingsIntent.maximumPayloadSize {
            throw PermitError.invalidValue.withDetail(
                "the intent's payload is \(payload.utf8.count) bytes, over \(SettingsIntent.maximumPayloadSize)")
        }
        await start()
        let leftAt = now()
        let visit = SettingsVisit(
            intent: intent, before: currentState(intent.kind).status,
            statuses: Dictionary(uniqueKeysWithValues: kinds.map { ($0.rawValue, currentState($0).status) }),
            leftAt: leftAt, expiresAt: leftAt.addingTimeInterval(lifetime / .seconds(1)), launch: settingsReturnTracking.launch)
        settingsReturnTracking.visitRecorded()
        try await storage.setValue(visit, for: SettingsVisit.key)
        logger.info("going to Settings", metadata: ["kind": "\(intent.kind)", "feature": "\(intent.feature ?? "none")"])
    }

    /// The latest return from Settings this center reported, or `nil` when none was.
    public func lastSettingsReturn() async -> SettingsReturn? {
        await start()
        return settingsReturnTracking.last
    }

    /// The returns from Settings from now on, starting with the latest one this center reported, if any.
    ///
    /// Subscribe before ``start()`` or at any time after: the return found at launch is kept for later
    /// subscriptions.
    public nonisolated func settingsReturns() -> SettingsReturns {
        settingsReturnTracking.returns.subscribe()
    }

    /// Reports the return from Settings when the person is back: called after the launch refresh and after each
    /// lifecycle refresh, so that `after` is the status the refresh read.
    func reportSettingsReturnIfDue() async {
        // A store that cannot be read yet is not read again here: the next refresh loads it, then this runs.
        guard baselineLoaded, let check = settingsReturnTracking.beginCheck() else { return }
        defer { settingsReturnTracking.endCheck() }
        guard let visit = await storage.value(for: SettingsVisit.key) else {
            settingsReturnTracking.noVisitLeft(since: check)
            return
        }
        let returnedAt = now()
        switch visit.decision(now: returnedAt, launch: settingsReturnTracking.launch, leftApp: settingsReturnTracking.leftApp) {
        case .keep:
            return
        case .expire:
            try? await storage.setValue(nil, for: SettingsVisit.key)
            settingsReturnTracking.noVisitLeft(since: check)
            logger.info("the intent for Settings expired; no return reported", metadata: ["kind": "\(visit.intent.kind)"])
        case .report(let terminated):
            // Removed before it is reported: reported once, even if the app ends right after.
            try? await storage.setValue(nil, for: SettingsVisit.key)
            settingsReturnTracking.noVisitLeft(since: check)
            let back = SettingsReturn(
                intent: visit.intent, before: visit.before, after: currentState(visit.intent.kind).status,
                leftAt: visit.leftAt, returnedAt: returnedAt, processWasTerminated: terminated)
            logger.info(
                "back from Settings",
                metadata: [
                    "kind": "\(back.intent.kind)", "from": "\(back.before)", "to": "\(back.after)",
                    "terminated": "\(terminated)", "feature": "\(back.intent.feature ?? "none")",
                ])
            settingsReturnTracking.report(back)
        }
    }
}

/// The returns from Settings a ``PermissionCenter`` reports (``PermissionCenter/settingsReturns()``).
public typealias SettingsReturns = UpdateStream<SettingsReturn>
