/// Decides, for one launch, what the app should do about a permission and whether a request may prompt.
///
/// The machine is pure: it holds no tasks and reads no clock. The caller passes the time as the duration
/// elapsed since any fixed origin, and carries out the returned decisions. It remembers only when this launch
/// prompted, for the budget and the cooldown; whether a permission was ever prompted for comes with its
/// ``PermissionState``, which the center persists.
struct PromptPolicyStateMachine: Sendable {
    /// What the caller does with a request.
    enum RequestAction: Hashable, Sendable {
        /// Ask the OS; the prompt is counted against the budget and starts the cooldown.
        case prompt
        /// Do not ask; this is the step the app should take instead.
        case skip(NextStep)
    }

    let configuration: PromptPolicy.Configuration
    /// Whether the app is still starting up: lazy declarations do not prompt.
    private(set) var isStartup = true
    /// When this launch's prompts started, oldest first.
    private(set) var promptTimes: [Duration] = []

    init(configuration: PromptPolicy.Configuration) {
        self.configuration = configuration
    }

    /// Startup is over: lazy declarations may prompt from now on.
    mutating func finishStartup() { isStartup = false }

    /// The step the app should take now for a permission declared as `declaration` and in `state`.
    func nextStep(for declaration: PermissionDeclaration, state: PermissionState, at now: Duration) -> NextStep {
        switch state.status {
        case .granted, .limited, .provisional:
            return .ready
        case .restricted, .unavailable:
            return .unavailable
        case .denied:
            return .openSettings
        case .notDetermined:
            break
        }
        if state.hasPrompted { return .suppressed(.alreadyAsked) }
        if declaration.isLazy, isStartup { return .suppressed(.startup) }
        if promptTimes.count >= configuration.promptBudget { return .suppressed(.budgetSpent) }
        if let last = promptTimes.last, now - last < configuration.cooldown { return .suppressed(.coolingDown) }
        return declaration.showsPrimer ? .showPrimer(Primer(for: declaration)) : .showSystemPrompt
    }

    /// Decides whether a request prompts; records the prompt when it does.
    ///
    /// A request goes ahead only when ``nextStep(for:state:at:)`` leads to a prompt: the app calls it after
    /// its primer's Continue button, or directly when there is no primer.
    mutating func request(for declaration: PermissionDeclaration, state: PermissionState, at now: Duration)
        -> RequestAction
    {
        let step = nextStep(for: declaration, state: state, at: now)
        guard step.leadsToPrompt else { return .skip(step) }
        promptTimes.append(now)
        return .prompt
    }
}
