public import Logging
import PermitSupport

/// Decides when an app may ask for a permission, and asks through its ``PermissionCenter``: no prompt at
/// startup for lazy permissions, never a second prompt, a budget and a cooldown, and "inform the user once".
///
/// The policy answers ``nextStep(for:)`` for every declared permission (see ``NextStep``), and
/// ``request(_:afterPrimer:)`` asks the OS only when that step leads to a prompt:
///
/// - After a denial the step is ``NextStep/openSettings``; a request then returns at once, with no prompt,
///   however many times it is made. A permission the app already prompted for that is still not determined
///   (iOS's "Allow Once" location expiring) is ``NextStep/suppressed(_:)`` with
///   ``NextStep/Reason/alreadyAsked``.
/// - Until ``finishStartup()`` is called, lazy declarations are held back with ``NextStep/Reason/startup``:
///   call it once the app's launch work is done, when the user can reach features. An app that forgets it
///   never prompts for a lazy permission.
/// - At most ``Configuration/promptBudget`` prompts per launch, at least ``Configuration/cooldown`` apart.
///   Both count this process's prompts only: the clock's instants do not survive a relaunch, and a prompt
///   that was answered is never repeated anyway.
/// - A primer always continues to the system prompt: ``request(_:afterPrimer:)`` with `afterPrimer: true`
///   skips the budget and the cooldown.
/// - The budget, the cooldown and startup hold back the app's own requests only. A request the person made
///   with their own action (``RequestInitiator/person``, through ``request(_:presentingPrimerWith:initiatedBy:)``,
///   which shows the declared primer first) prompts whenever the kind was never asked, after any prompt on
///   screen.
/// - Concurrent requests for one kind share one prompt, and all of them complete; a kind is never prompted
///   for twice.
///
/// "Inform the user once" is a persisted fact per kind: ``owesDenialNotice(for:)`` says whether the user is
/// still owed the one message that a permission is off, and ``markDenialNoticeDelivered(for:)`` records that
/// it was shown. The facts live in the center's ``PermitStorage``, under `permit.policy`, so they survive a
/// relaunch.
///
/// For example:
///
/// ```swift
/// let policy = PromptPolicy(manifest: manifest, center: center, logger: logger)
/// await center.start()
/// await policy.finishStartup()            // launch work done; lazy permissions may now be asked at feature use
///
/// // The user taps "Add Location":
/// switch try await policy.nextStep(for: .location) {
/// case .showPrimer(let primer):
///     await presentPrimer(primer)         // one button: "Continue"
///     let outcome = try await policy.request(.location, afterPrimer: true)
///     entry.location = outcome.state.isUsable ? await currentLocation() : nil
/// case .showSystemPrompt:
///     let outcome = try await policy.request(.location)
///     entry.location = outcome.state.isUsable ? await currentLocation() : nil
/// default:
///     entry.location = nil
/// }
/// ```
public actor PromptPolicy {
    /// The key the policy's persisted facts are stored under in the center's storage.
    static let storageKey = StorageKey<PolicyFacts>("permit.policy")

    /// The permissions the app declares.
    public nonisolated let manifest: PermissionManifest
    /// The center the policy reads states from and asks through.
    public nonisolated let center: PermissionCenter

    private var machine: PromptPolicyStateMachine
    private let clock: ElapsedClock
    let logger: Logger
    /// The kinds whose system prompt this policy asked for and awaits, with the requests that joined it: the
    /// center holds the one request to the OS, and the first caller awaits it for all of them.
    private var inFlight: [PermissionKind: [CheckedContinuation<PermissionState, any Error>]] = [:]
    /// The persisted facts, once loaded: see `PromptPolicy+DenialNotice.swift`.
    var facts: PolicyFacts?
    private var loggedStartupSuppression: Set<PermissionKind> = []
    /// The kinds whose primer is on screen, with the requests waiting for it: a concurrent request for the same
    /// kind waits for that primer instead of showing a second one.
    private var primersShowing: [PermissionKind: [CheckedContinuation<Void, Never>]] = [:]
    /// The kinds whose primer flow is under way, from the primer shown until the system prompt that follows
    /// it is answered: a request that read the state before the prompt was recorded joins the flow instead
    /// of showing the primer again.
    private var primerFlows: Set<PermissionKind> = []
    private let changeBroadcaster = UpdateBroadcaster<Void>()
    /// The kinds the person was offered Settings for in this launch: see `PromptPolicy+SettingsOffer.swift`.
    var settingsOffered: Set<PermissionKind> = []
    /// The location kinds whose temporary full accuracy this launch asked for: asked at most once per launch.
    var fullAccuracyAsked: Set<PermissionKind> = []

    /// Creates a policy over `center`, which should track every kind `manifest` declares.
    ///
    /// - Parameters:
    ///   - manifest: The permissions the app declares.
    ///   - center: The app's permission center.
    ///   - configuration: The budget and cooldown.
    ///   - clock: The clock for the cooldown; tests pass a test clock.
    ///   - logger: Receives prompts at `info` and held-back requests at `debug`.
    public init(
        manifest: PermissionManifest, center: PermissionCenter, configuration: Configuration = Configuration(),
        clock: some Clock<Duration> = ContinuousClock(), logger: Logger
    ) {
        self.init(
            manifest: manifest, center: center, configuration: configuration, clock: clock, startupFinished: false,
            logger: logger)
    }

    /// Creates a policy whose startup may be over already (``askingAtUse(for:logger:)``).
    init(
        manifest: PermissionManifest, center: PermissionCenter, configuration: Configuration,
        clock: some Clock<Duration>, startupFinished: Bool, logger: Logger
    ) {
        self.manifest = manifest
        self.center = center
        self.machine = PromptPolicyStateMachine(configuration: configuration)
        if startupFinished { machine.finishStartup() }
        self.clock = ElapsedClock(clock)
        self.logger = logger
    }

    // MARK: - Startup

    /// Ends the startup phase: lazy permissions may be asked for from now on, at feature use.
    ///
    /// Call it once the app's launch work is done and the user can reach its features. Until then,
    /// ``nextStep(for:)`` holds lazy permissions back with ``NextStep/Reason/startup`` and
    /// ``request(_:afterPrimer:)`` does not prompt for them. An app that never calls it never prompts for a
    /// lazy permission: the first request held back for that reason is logged at `debug`, once per kind.
    public func finishStartup() {
        guard machine.isStartup else { return }
        machine.finishStartup()
        logger.debug("startup finished; lazy permissions may be asked at feature use")
        policyChanged()
    }

    /// Whether the app is still starting up: ``finishStartup()`` has not been called.
    public var isStartingUp: Bool { machine.isStartup }

    /// Whether a system prompt this policy asked for is on screen.
    var isAsking: Bool { machine.isAsking }

    // MARK: - Steps and requests

    /// What the app should do now about `kind`.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it.
    public func nextStep(for kind: PermissionKind) async throws -> NextStep {
        try await nextStep(for: kind, initiatedBy: .app)
    }

    /// What the app should do now about `kind`, for a request `initiator` would make.
    ///
    /// For the person's own request (``RequestInitiator/person``), neither the budget, nor the cooldown, nor
    /// startup holds a prompt back: a kind never asked leads to its primer or the system prompt. The status and
    /// this launch's prompts still do.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it.
    public func nextStep(for kind: PermissionKind, initiatedBy initiator: RequestInitiator) async throws -> NextStep {
        let declaration = try declaration(of: kind)
        let state = try await state(of: kind)
        return machine.nextStep(for: declaration, state: state, at: clock.now, initiatedBy: initiator)
    }

    /// The step for `kind` in `state`, read by the caller together with other states, so that they agree.
    func nextStep(for kind: PermissionKind, in state: PermissionState) throws -> NextStep {
        machine.nextStep(for: try declaration(of: kind), state: state, at: clock.now)
    }

    /// Asks the OS for `kind` if the policy allows a prompt now, and reports what came of it.
    ///
    /// When ``nextStep(for:)`` leads to a prompt (``NextStep/showSystemPrompt``, or ``NextStep/showPrimer(_:)``
    /// after the primer's Continue), the policy asks through the center and returns the answer. Otherwise it
    /// returns at once with the current state and the step to take instead: no prompt after a denial, none at
    /// startup for a lazy permission, none beyond the budget or within the cooldown.
    ///
    /// After a primer, pass `afterPrimer: true`: App Review 5.1.1(iv) requires a primer to always continue to
    /// the system prompt, so the request then skips the budget and the cooldown, which another prompt may have
    /// used up while the primer was on screen. It is held back only by the status, an earlier prompt for the
    /// kind, and startup. `afterPrimer` is ignored for a declaration that does not show a primer.
    ///
    /// A prompt counts against the budget and starts the cooldown once the OS answered it; a request that
    /// fails counts for nothing. While it is on screen, no other prompt starts, and a second request for the
    /// same kind shares it.
    ///
    /// The request is the app's own (``RequestInitiator/app``): for one the person made, see
    /// ``request(_:afterPrimer:initiatedBy:)``.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`; the center's
    ///   errors (``PermitError/kindNotTracked``, ``PermitError/requestFailed``).
    public func request(_ kind: PermissionKind, afterPrimer: Bool = false) async throws -> PolicyRequestOutcome {
        try await request(kind, afterPrimer: afterPrimer, initiatedBy: .app)
    }

    /// Asks the OS for `kind` as ``request(_:afterPrimer:)`` does, for a request `initiator` made.
    ///
    /// A request the person made with their own action (``RequestInitiator/person``: call it from a button's
    /// action, not from a timer or at launch) prompts whenever the kind was never asked: the budget, the
    /// cooldown and startup hold back only the app's own requests, and another kind's prompt on screen only
    /// delays it until that prompt is answered (iOS shows one at a time). It still never prompts twice for a
    /// kind, nor after a denial, and it still counts against the budget of the app's later requests. This call
    /// shows no primer: where ``nextStep(for:initiatedBy:)`` is ``NextStep/showPrimer(_:)``, show it first, or
    /// call ``request(_:presentingPrimerWith:initiatedBy:)``.
    ///
    /// For example, from the action of a "Scan" button:
    ///
    /// ```swift
    /// let outcome = try await policy.request(.camera, initiatedBy: .person)
    /// if outcome.nextStep == .openSettings { showSettingsOffer() }
    /// ```
    ///
    /// - Throws: As ``request(_:afterPrimer:)``.
    public func request(_ kind: PermissionKind, afterPrimer: Bool = false, initiatedBy initiator: RequestInitiator)
        async throws -> PolicyRequestOutcome
    {
        let declaration = try declaration(of: kind)
        if inFlight[kind] != nil { return try await joined(kind, declaration, initiator) }
        let state = try await state(of: kind)
        // Another request may have started, or even finished, while the state was read: the machine knows
        // this launch's prompts, so a stale state cannot lead to a second one.
        if inFlight[kind] != nil { return try await joined(kind, declaration, initiator) }
        switch machine.request(
            for: declaration, state: state, at: clock.now, afterPrimer: afterPrimer, initiatedBy: initiator)
        {
        case .skip(let step):
            if case .suppressed(.startup) = step {
                logStartupSuppression(of: kind)
            } else {
                logger.debug("permission request held back", metadata: ["kind": "\(kind)", "step": "\(step)"])
            }
            if case .suppressed(.alreadyAsked) = step, !state.hasPrompted {
                // Asked earlier in this launch: report what that prompt left.
                let current = try await self.state(of: kind)
                return PolicyRequestOutcome(
                    state: current, askedSystem: false,
                    nextStep: machine.nextStep(for: declaration, state: current, at: clock.now, initiatedBy: initiator))
            }
            return PolicyRequestOutcome(state: state, askedSystem: false, nextStep: step)
        case .waitForPromptOnScreen:
            try await promptOnScreenAnswered()
            return try await request(kind, afterPrimer: afterPrimer, initiatedBy: initiator)
        case .prompt:
            logger.info("asking the OS for a permission", metadata: ["kind": "\(kind)", "initiator": "\(initiator)"])
            policyChanged()
            inFlight[kind] = []
            // The center's request goes on when this caller is cancelled, so the requests that joined get its answer.
            let answer: Result<PermissionState, any Error>
            do { answer = .success(try await center.request(kind)) } catch { answer = .failure(error) }
            // A request that failed, or left the kind not determined, showed no prompt: it counts for nothing.
            let status = try? answer.get().status
            machine.finishPrompt(for: kind, answered: status != nil && status != .notDetermined, at: clock.now)
            policyChanged()
            for waiter in inFlight.removeValue(forKey: kind) ?? [] { waiter.resume(with: answer) }
            let answered = try answer.get()
            let step = machine.nextStep(for: declaration, state: answered, at: clock.now, initiatedBy: initiator)
            logger.info(
                "permission request answered", metadata: ["kind": "\(kind)", "status": "\(answered.status)"])
            return PolicyRequestOutcome(state: answered, askedSystem: true, nextStep: step)
        }
    }

    /// Asks for `kind` as ``request(_:afterPrimer:)`` does, showing the declared primer first through
    /// `primers` when ``nextStep(for:)`` says one is due: the whole "explain, then ask" flow in one call, as a
    /// web page's request takes it.
    ///
    /// With no presenter, a primer that is due is not shown and the request continues to the system prompt as
    /// the primer's Continue would; that is logged at `notice`.
    ///
    /// The request is the app's own (``RequestInitiator/app``): for one the person made, see
    /// ``request(_:presentingPrimerWith:initiatedBy:)``.
    ///
    /// - Throws: As ``request(_:afterPrimer:)``.
    public func request(_ kind: PermissionKind, presentingPrimerWith primers: (any PrimerPresenter)?) async throws
        -> PolicyRequestOutcome
    {
        try await request(kind, presentingPrimerWith: primers, initiatedBy: .app)
    }

    /// Asks for `kind` as ``request(_:presentingPrimerWith:)`` does, for a request `initiator` made: the
    /// person's own request shows the primer and prompts whatever the budget, the cooldown and startup say (see
    /// ``request(_:afterPrimer:initiatedBy:)``).
    ///
    /// For example, from the action of a "Scan" button:
    ///
    /// ```swift
    /// let outcome = try await policy.request(.camera, presentingPrimerWith: primers, initiatedBy: .person)
    /// ```
    ///
    /// - Throws: As ``request(_:afterPrimer:)``.
    public func request(
        _ kind: PermissionKind, presentingPrimerWith primers: (any PrimerPresenter)?,
        initiatedBy initiator: RequestInitiator
    ) async throws -> PolicyRequestOutcome {
        let step = try await nextStep(for: kind, initiatedBy: initiator)
        // Checked after the state is read: the step may have been read before another request's primer was
        // dismissed, and before its system prompt was recorded.
        if primerFlows.contains(kind) {
            if primersShowing[kind] != nil {
                // Another request of this kind shows the primer now: wait for it, then join its system prompt.
                await withCheckedContinuation { primersShowing[kind, default: []].append($0) }
            }
            return try await request(kind, afterPrimer: true, initiatedBy: initiator)
        }
        guard case .showPrimer(let primer) = step else { return try await request(kind, initiatedBy: initiator) }
        primerFlows.insert(kind)
        defer { primerFlows.remove(kind) }
        primersShowing[kind] = []
        if let primers {
            logger.info("showing the primer before the system prompt", metadata: ["kind": "\(kind)"])
            await primers.present(primer)
        } else {
            logger.notice("a primer is due but no presenter was given; asking the OS", metadata: ["kind": "\(kind)"])
        }
        // The primer is dismissed: every request that waited for it goes on, and they share one system prompt.
        for waiter in primersShowing.removeValue(forKey: kind) ?? [] { waiter.resume() }
        return try await request(kind, afterPrimer: true, initiatedBy: initiator)
    }

    /// Returns once no prompt is on screen: every prompt this policy asked for was answered (or failed).
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    func promptOnScreenAnswered() async throws {
        // Subscribed before the check, on this actor: the end of a prompt cannot slip between them.
        var changes = changes().makeAsyncIterator()
        while machine.isAsking {
            guard await changes.next() != nil else { break }
        }
        try Task.checkCancellation()
    }

    /// Waits for the system prompt another request for `declaration`'s kind is awaiting, and reports its answer.
    private func joined(
        _ kind: PermissionKind, _ declaration: PermissionDeclaration, _ initiator: RequestInitiator
    ) async throws -> PolicyRequestOutcome {
        let answered = try await withCheckedThrowingContinuation { inFlight[kind, default: []].append($0) }
        return PolicyRequestOutcome(
            state: answered, askedSystem: true,
            nextStep: machine.nextStep(for: declaration, state: answered, at: clock.now, initiatedBy: initiator))
    }

    private func logStartupSuppression(of kind: PermissionKind) {
        guard !loggedStartupSuppression.contains(kind) else { return }
        loggedStartupSuppression.insert(kind)
        logger.debug(
            "permission request held back until finishStartup() is called",
            metadata: ["kind": "\(kind)", "step": "suppressed(startup)"])
    }

    // MARK: - Changes of next steps

    /// A stream that receives a value each time the policy's own next steps may have changed: startup
    /// finished, a prompt started or ended. The end of a cooldown has no value of its own (see
    /// ``waitForCooldownEnd()``); permission changes come from the center.
    nonisolated func changes() -> UpdateStream<Void> { changeBroadcaster.subscribe() }

    private func policyChanged() { changeBroadcaster.publish(()) }

    /// Waits until the cooldown of the latest answered prompt is over, on the policy's clock, following a
    /// prompt answered meanwhile: the moment the next steps move with no change of their own.
    ///
    /// - Returns: Whether a cooldown was running; `false` at once when none is.
    /// - Throws: `CancellationError` when the calling task is cancelled.
    func waitForCooldownEnd() async throws -> Bool {
        var waited = false
        while let last = machine.promptTimes.last, clock.now - last < machine.configuration.cooldown {
            try await clock.sleep(untilElapsed: last + machine.configuration.cooldown)
            waited = true
        }
        return waited
    }

    // MARK: - Helpers

    /// The declaration of `kind`.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare it.
    func declaration(of kind: PermissionKind) throws -> PermissionDeclaration {
        guard let declaration = manifest.declaration(for: kind) else {
            throw PolicyError.kindNotDeclared.withDetail("\(kind)")
        }
        return declaration
    }

    /// The center's state of `kind`.
    ///
    /// - Throws: ``PermitError/kindNotTracked`` when the center does not track it.
    func state(of kind: PermissionKind) async throws -> PermissionState {
        guard let state = await center.state(for: kind) else {
            throw PermitError.kindNotTracked.withDetail("\(kind) is declared but the center does not track it")
        }
        return state
    }
}
