import Logging
import PermitSupport

// MARK: - The way to Settings

extension PromptPolicy {
    /// Offers the person the way to Settings for `kind`, which they denied, and opens Settings when they choose
    /// to: what follows when the person's own request meets a denial (iOS never prompts again).
    ///
    /// The offer is made only when `kind` is denied, at most once per kind in a launch, and, for a declaration
    /// that ``PermissionDeclaration/informsOnce``, only while ``owesDenialNotice(for:)``: once across launches.
    /// Once shown, the denial notice counts as delivered (``markDenialNoticeDelivered(for:)``). While another
    /// kind's system prompt is on screen, the offer waits for its answer: iOS shows one alert at a time.
    ///
    /// Make it from the person's own action only, never at launch or from a timer. `PermissionModel` and the
    /// web bridge make it after a person's request that did not prompt and whose step is
    /// ``NextStep/openSettings``; a request the person just answered with Don't Allow gets no offer.
    ///
    /// For example, from the action of a "Scan" button:
    ///
    /// ```swift
    /// let outcome = try await policy.request(.camera, presentingPrimerWith: primers, initiatedBy: .person)
    /// if !outcome.askedSystem, outcome.nextStep == .openSettings {
    ///     _ = try await policy.offerSettings(for: .camera, presenter: offers, opener: settings)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The permission.
    ///   - presenter: Shows the offer and returns the person's choice.
    ///   - opener: Opens the app's page in Settings when the person chooses Open Settings.
    /// - Returns: The person's choice, or `nil` when no offer was made (not denied, offered already).
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it; `CancellationError` when the calling
    ///   task is cancelled while another prompt is on screen.
    public func offerSettings(
        for kind: PermissionKind, presenter: any SettingsOfferPresenter, opener: any SettingsOpener
    ) async throws -> SettingsOfferChoice? {
        let declaration = try declaration(of: kind)
        guard try await state(of: kind).status == .denied, !settingsOffered.contains(kind) else { return nil }
        if declaration.informsOnce, try await !owesDenialNotice(for: kind) {
            logger.debug("Settings not offered: the person was told once", metadata: ["kind": "\(kind)"])
            return nil
        }
        // Claimed before any wait, so that a concurrent request for the kind makes no second offer.
        guard settingsOffered.insert(kind).inserted else { return nil }
        try await promptOnScreenAnswered()
        logger.info("offering Settings", metadata: ["kind": "\(kind)"])
        let choice = await presenter.present(SettingsOffer(kind: kind))
        do {
            try await markDenialNoticeDelivered(for: kind)
        } catch {
            logger.notice("the denial notice was shown and not recorded", metadata: ["kind": "\(kind)", "error": "\(error)"])
        }
        logger.info("Settings offer answered", metadata: ["kind": "\(kind)", "choice": "\(choice)"])
        if choice == .openSettings, !(await opener.openSettings()) {
            logger.notice("the person chose Open Settings and Settings did not open", metadata: ["kind": "\(kind)"])
        }
        return choice
    }

    /// Asks for `kind` as the person's own request, showing the declared primer first, and offers Settings when
    /// the request meets a denial, with the offer's choice in the outcome: the whole path of a person's tap,
    /// as `PermissionModel` and the web bridge take it.
    ///
    /// - Throws: As ``request(_:presentingPrimerWith:initiatedBy:)`` and
    ///   ``offerSettings(for:presenter:opener:)``.
    package func request(
        _ kind: PermissionKind, presentingPrimerWith primers: (any PrimerPresenter)?,
        offeringSettingsWith offers: (any SettingsOfferPresenter)?, opener: (any SettingsOpener)?,
        initiatedBy initiator: RequestInitiator
    ) async throws -> PolicyRequestOutcome {
        var outcome = try await request(kind, presentingPrimerWith: primers, initiatedBy: initiator)
        if initiator == .person, !outcome.askedSystem, outcome.nextStep == .openSettings, let offers, let opener {
            outcome.settingsOffer = try await offerSettings(for: kind, presenter: offers, opener: opener)
        }
        return outcome
    }
}
