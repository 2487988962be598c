/// Decides, for one launch, what the app should do about a permission and whether a request may prompt.
///
/// The machine is pure: it holds no tasks and reads no clock. The caller passes the time as the duration
/// elapsed since any fixed origin, and carries out the returned decisions. It remembers this launch's prompts:
/// those on screen now (from ``request(for:state:at:afterPrimer:initiatedBy:)`` returning
/// ``RequestAction/prompt`` to ``finishPrompt(for:answered:at:)``) and those the OS answered, for the budget,
/// the cooldown and "never twice". Whether a permission was ever prompted for in an earlier launch comes with its
/// ``PermissionState``, which the center persists.
struct PromptPolicyStateMachine: Sendable {
    /// What the caller does with a request.
    enum RequestAction: Hashable, Sendable {
        /// Ask the OS, then report the outcome with ``PromptPolicyStateMachine/finishPrompt(for:answered:at:)``.
        case prompt
        /// Do not ask; this is the step the app should take instead.
        case skip(NextStep)
        /// Another kind's prompt is on screen and the OS shows one at a time: wait until it is answered, then
        /// decide again. Only a request that goes past the budget and the cooldown gets it (the person's own,
        /// or a primer's Continue); the app's own request is held back instead.
        case waitForPromptOnScreen
    }

    let configuration: PromptPolicy.Configuration
    /// Whether the app is still starting up: lazy declarations do not prompt.
    private(set) var isStartup = true
    /// When this launch's answered prompts started, oldest first.
    private(set) var promptTimes: [Duration] = []
    /// The kinds whose prompt is on screen now.
    private(set) var asking: Set<PermissionKind> = []
    /// The kinds this launch prompted for and the OS answered.
    private(set) var answered: Set<PermissionKind> = []
    /// Whether a prompt is on screen.
    var isAsking: Bool { !asking.isEmpty }

    init(configuration: PromptPolicy.Configuration) {
        self.configuration = configuration
    }

    /// Startup is over: lazy declarations may prompt from now on.
    mutating func finishStartup() { isStartup = false }

    /// The step the app should take now for a permission declared as `declaration` and in `state`, for a
    /// request `initiator` makes.
    ///
    /// The budget, the cooldown, a prompt on screen for another kind and startup hold back only the app's own
    /// requests: a person's request leads to its prompt whenever the status and this launch's prompts allow it
    /// (after the prompt on screen, if there is one).
    func nextStep(
        for declaration: PermissionDeclaration, state: PermissionState, at now: Duration,
        initiatedBy initiator: RequestInitiator = .app
    ) -> NextStep {
        if let step = stepWithoutPrompt(for: declaration, state: state, initiatedBy: initiator) { return step }
        if initiator == .person { return promptStep(for: declaration) }
        // A prompt on screen counts against the budget and holds others back until it is answered.
        if promptTimes.count + asking.count >= configuration.promptBudget { return .suppressed(.budgetSpent) }
        if configuration.promptsOneAtATime, !asking.isEmpty { return .suppressed(.coolingDown) }
        if let last = promptTimes.last, now - last < configuration.cooldown { return .suppressed(.coolingDown) }
        return promptStep(for: declaration)
    }

    /// The step that leads to the prompt: the declared primer first, or the system prompt.
    private func promptStep(for declaration: PermissionDeclaration) -> NextStep {
        declaration.showsPrimer ? .showPrimer(Primer(for: declaration)) : .showSystemPrompt
    }

    /// The step when the status, a past prompt or (for the app's own request) startup rules a prompt out;
    /// `nil` when a prompt may follow.
    private func stepWithoutPrompt(
        for declaration: PermissionDeclaration, state: PermissionState, initiatedBy initiator: RequestInitiator
    ) -> NextStep? {
        switch state.status {
        case .granted, .limited, .provisional, .approximate, .ephemeral, .undisclosed:
            return .ready
        case .restricted, .unavailable:
            return .unavailable
        case .denied:
            return .openSettings
        case .notDetermined, .writeOnly:
            // Write-only calendar access for a kind that needs full access: iOS shows the upgrade prompt.
            break
        }
        // `state` may have been read before this launch's prompt for the kind was answered.
        if state.hasPrompted || asking.contains(state.kind) || answered.contains(state.kind) {
            return .suppressed(.alreadyAsked)
        }
        if declaration.isLazy, isStartup, initiator == .app { return .suppressed(.startup) }
        return nil
    }

    /// Decides whether a request prompts; when it does, the kind counts as asked until
    /// ``finishPrompt(for:answered:at:)``.
    ///
    /// The app's own request goes ahead only when ``nextStep(for:state:at:initiatedBy:)`` leads to a prompt: the
    /// app calls it directly when there is no primer. After a primer's Continue (`afterPrimer`, honoured only for
    /// a declaration that shows one), and for the person's own request, only the status, a past prompt and (for
    /// the app's own request) startup can hold it back: App Review 5.1.1(iv) requires a primer to always continue
    /// to the system prompt, so neither the budget nor the cooldown applies. Such a request waits for another
    /// kind's prompt on screen (``RequestAction/waitForPromptOnScreen``) when prompts come one at a time.
    mutating func request(
        for declaration: PermissionDeclaration, state: PermissionState, at now: Duration, afterPrimer: Bool = false,
        initiatedBy initiator: RequestInitiator = .app
    ) -> RequestAction {
        if (afterPrimer && declaration.showsPrimer) || initiator == .person {
            if let step = stepWithoutPrompt(for: declaration, state: state, initiatedBy: initiator) {
                return .skip(step)
            }
            // The OS shows one alert at a time (and App Tracking Transparency's none over another).
            if configuration.promptsOneAtATime, !asking.isEmpty { return .waitForPromptOnScreen }
        } else {
            let step = nextStep(for: declaration, state: state, at: now, initiatedBy: initiator)
            guard step.leadsToPrompt else { return .skip(step) }
        }
        asking.insert(declaration.kind)
        return .prompt
    }

    /// The prompt for `kind` is over: the OS `answered` it at `now` (it is counted against the budget, starts
    /// the cooldown and is never shown again this launch), or the request failed (it counts for nothing).
    mutating func finishPrompt(for kind: PermissionKind, answered: Bool, at now: Duration) {
        guard asking.remove(kind) != nil else { return }
        guard answered else { return }
        promptTimes.append(now)
        self.answered.insert(kind)
    }
}
