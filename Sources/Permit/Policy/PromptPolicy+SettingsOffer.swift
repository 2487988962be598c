import Logging
import PermitSupport

// MARK: - The way to Settings

extension PromptPolicy {
    /// Offers the person the way to Settings for `kind`, which they denied, and opens Settings when they choose
    /// to: what follows when the person's own request meets a denial (iOS never prompts again).
    ///
    /// The offer is made only when `kind` is denied, at most once per kind in a launch of this policy (make one
    /// policy for the app, and give it to every screen and to the web bridge), and, for a declaration that
    /// ``PermissionDeclaration/informsOnce``, only while ``owesDenialNotice(for:)``: once across launches.
    /// Once the person has chosen, the denial notice counts as delivered (``markDenialNoticeDelivered(for:)``).
    /// Open Settings records a ``SettingsIntent`` for `kind` first (``PermissionCenter/openSettings(for:with:lifetime:)``),
    /// so that the center reports the ``SettingsReturn`` when the person comes back.
    /// An offer the presenter could not show (it returned `nil`) counts for nothing. While another kind's
    /// system prompt is on screen, the offer waits for its answer: iOS shows one alert at a time.
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
    /// - Returns: The person's choice, or `nil` when no offer was made (not denied, offered already, or the
    ///   presenter could not show it).
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it; `CancellationError` when the calling
    ///   task is cancelled while another kind's prompt is on screen (no offer is then made, and a later request
    ///   may make it).
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
        do {
            if isAsking { try await promptOnScreenAnswered() }
        } catch {
            settingsOffered.remove(kind)
            throw error
        }
        logger.info("offering Settings", metadata: ["kind": "\(kind)"])
        guard let choice = await presenter.present(SettingsOffer(kind: kind)) else {
            settingsOffered.remove(kind)
            logger.notice("the offer of Settings could not be shown", metadata: ["kind": "\(kind)"])
            return nil
        }
        do {
            try await markDenialNoticeDelivered(for: kind)
        } catch {
            logger.notice("the denial notice was shown and not recorded", metadata: ["kind": "\(kind)", "error": "\(error)"])
        }
        logger.info("Settings offer answered", metadata: ["kind": "\(kind)", "choice": "\(choice)"])
        // The intent is the kind: when the person comes back (after iOS terminated the app, often), the center
        // reports the return for the app to resume from.
        if choice == .openSettings, !(try await center.openSettings(for: SettingsIntent(kind: kind), with: opener)) {
            logger.notice("the person chose Open Settings and Settings did not open", metadata: ["kind": "\(kind)"])
        }
        return choice
    }

    /// Asks for `kind` as the person's own request, showing the declared primer first, and offers Settings when
    /// the request meets a denial, with the offer's choice in the outcome: the whole path of a person's tap,
    /// as `PermissionModel` and the web bridge take it. A caller cancelled while the offer waits for a prompt
    /// on screen still gets the request's outcome, with no offer.
    ///
    /// - Throws: As ``request(_:presentingPrimerWith:initiatedBy:)``.
    package func request(
        _ kind: PermissionKind, presentingPrimerWith primers: (any PrimerPresenter)?,
        offeringSettingsWith offers: (any SettingsOfferPresenter)?, opener: (any SettingsOpener)?,
        initiatedBy initiator: RequestInitiator
    ) async throws -> PolicyRequestOutcome {
        var outcome = try await request(kind, presentingPrimerWith: primers, initiatedBy: initiator)
        if initiator == .person, !outcome.askedSystem, outcome.nextStep == .openSettings, let offers, let opener {
            do {
                outcome.settingsOffer = try await offerSettings(for: kind, presenter: offers, opener: opener)
            } catch is CancellationError {
                logger.debug("the offer of Settings was cancelled", metadata: ["kind": "\(kind)"])
            }
        }
        return outcome
    }
}
