public import Logging

/// Decides when an app may ask for a permission, and asks through its ``PermissionCenter``: no prompt at
/// startup for lazy permissions, never a second prompt, a budget and a cooldown, and "inform the user once".
///
/// The policy answers ``nextStep(for:)`` for every declared permission (see ``NextStep``), and
/// ``request(_:)`` asks the OS only when that step leads to a prompt:
///
/// - After a denial the step is ``NextStep/openSettings``; a request then returns at once, with no prompt,
///   however many times it is made. A permission the app already prompted for that is still not determined
///   (iOS's "Allow Once" location expiring) is ``NextStep/suppressed(_:)`` with
///   ``NextStep/Reason/alreadyAsked``.
/// - Until ``finishStartup()`` is called, lazy declarations are held back with ``NextStep/Reason/startup``:
///   call it once the app's launch work is done, when the user can reach features.
/// - At most ``Configuration/promptBudget`` prompts per launch, at least ``Configuration/cooldown`` apart.
///   Both count this process's prompts only: the clock's instants do not survive a relaunch, and a prompt
///   that was answered is never repeated anyway.
/// - Concurrent requests for one kind share one prompt, and all of them complete.
///
/// "Inform the user once" is a persisted fact per kind: ``owesDenialNotice(for:)`` says whether the user is
/// still owed the one message that a permission is off, and ``markDenialNoticeDelivered(for:)`` records that
/// it was shown. The facts live in the center's store, as the attachment ``attachmentKey``, so they survive a
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
///     fallthrough
/// case .showSystemPrompt:
///     let outcome = try await policy.request(.location)
///     entry.location = outcome.state.isUsable ? await currentLocation() : nil
/// default:
///     entry.location = nil
/// }
/// ```
public actor PromptPolicy {
    /// The budget and cooldown of a policy.
    public struct Configuration: Hashable, Sendable {
        /// How many system prompts the policy allows in one launch. Default: 3.
        public let promptBudget: Int
        /// The least time between two system prompts. Default: 10 seconds.
        public let cooldown: Duration

        /// Creates a configuration.
        ///
        /// - Precondition: `promptBudget` and `cooldown` are not negative.
        public init(promptBudget: Int = 3, cooldown: Duration = .seconds(10)) {
            precondition(promptBudget >= 0, "promptBudget must not be negative")
            precondition(cooldown >= .zero, "cooldown must not be negative")
            self.promptBudget = promptBudget
            self.cooldown = cooldown
        }
    }

    /// The key of the attachment that holds the policy's persisted facts in the center's store.
    public static let attachmentKey = "permit.policy"

    /// The permissions the app declares.
    public nonisolated let manifest: PermissionManifest
    /// The center the policy reads states from and asks through.
    public nonisolated let center: PermissionCenter

    private var machine: PromptPolicyStateMachine
    private let clock: ElapsedClock
    private let logger: Logger
    private var inFlight: [PermissionKind: Task<PermissionState, any Error>] = [:]
    private var facts: PolicyFacts?

    /// Creates a policy over `center`, which should track every kind `manifest` declares.
    ///
    /// - Parameters:
    ///   - manifest: The permissions the app declares.
    ///   - center: The app's permission center.
    ///   - configuration: The budget and cooldown.
    ///   - clock: The clock for the cooldown; tests pass a test clock.
    ///   - logger: Receives prompts at `info`, held-back requests at `debug`, and unreadable facts at
    ///     `warning`.
    public init(
        manifest: PermissionManifest, center: PermissionCenter, configuration: Configuration = Configuration(),
        clock: some Clock<Duration> = ContinuousClock(), logger: Logger
    ) {
        self.manifest = manifest
        self.center = center
        self.machine = PromptPolicyStateMachine(configuration: configuration)
        self.clock = ElapsedClock(clock)
        self.logger = logger
    }

    // MARK: - Startup

    /// Ends the startup phase: lazy permissions may be asked for from now on, at feature use.
    ///
    /// Call it once the app's launch work is done and the user can reach its features. Until then,
    /// ``nextStep(for:)`` holds lazy permissions back with ``NextStep/Reason/startup`` and ``request(_:)``
    /// does not prompt for them.
    public func finishStartup() {
        guard machine.isStartup else { return }
        machine.finishStartup()
        logger.debug("startup finished; lazy permissions may be asked at feature use")
    }

    /// Whether the app is still starting up: ``finishStartup()`` has not been called.
    public var isStartingUp: Bool { machine.isStartup }

    // MARK: - Steps and requests

    /// What the app should do now about `kind`.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it.
    public func nextStep(for kind: PermissionKind) async throws -> NextStep {
        let declaration = try declaration(of: kind)
        let state = try await state(of: kind)
        return machine.nextStep(for: declaration, state: state, at: clock.now)
    }

    /// The step for `kind` in `state`, read by the caller together with other states, so that they agree.
    func nextStep(for kind: PermissionKind, in state: PermissionState) throws -> NextStep {
        machine.nextStep(for: try declaration(of: kind), state: state, at: clock.now)
    }

    /// Asks the OS for `kind` if the policy allows a prompt now, and reports what came of it.
    ///
    /// When ``nextStep(for:)`` leads to a prompt (``NextStep/showPrimer(_:)``, after the primer's Continue,
    /// or ``NextStep/showSystemPrompt``), the policy asks through the center and returns the answer.
    /// Otherwise it returns at once with the current state and the step to take instead: no prompt after a
    /// denial, none at startup for a lazy permission, none beyond the budget or within the cooldown.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`; the center's
    ///   errors (``PermitError/kindNotTracked``, ``PermitError/requestFailed``).
    public func request(_ kind: PermissionKind) async throws -> PolicyRequestOutcome {
        let declaration = try declaration(of: kind)
        if let shared = inFlight[kind] { return try await joined(shared, declaration) }
        let state = try await state(of: kind)
        // Another request may have started while the state was read.
        if let shared = inFlight[kind] { return try await joined(shared, declaration) }
        switch machine.request(for: declaration, state: state, at: clock.now) {
        case .skip(let step):
            logger.debug("permission request held back", metadata: ["kind": "\(kind)", "step": "\(step)"])
            return PolicyRequestOutcome(state: state, askedSystem: false, nextStep: step)
        case .prompt:
            logger.info("asking the OS for a permission", metadata: ["kind": "\(kind)"])
            let center = center
            let task = Task { try await center.request(kind) }
            inFlight[kind] = task
            defer { inFlight[kind] = nil }
            let answered = try await task.value
            let step = machine.nextStep(for: declaration, state: answered, at: clock.now)
            logger.info(
                "permission request answered", metadata: ["kind": "\(kind)", "status": "\(answered.status)"])
            return PolicyRequestOutcome(state: answered, askedSystem: true, nextStep: step)
        }
    }

    private func joined(_ shared: Task<PermissionState, any Error>, _ declaration: PermissionDeclaration)
        async throws -> PolicyRequestOutcome
    {
        let answered = try await shared.value
        return PolicyRequestOutcome(
            state: answered, askedSystem: true,
            nextStep: machine.nextStep(for: declaration, state: answered, at: clock.now))
    }

    // MARK: - Informed once

    /// Whether the user is still owed the one message that `kind` is off: the permission is denied,
    /// restricted or unavailable, and ``markDenialNoticeDelivered(for:)`` was never called for it on this
    /// install.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it.
    public func owesDenialNotice(for kind: PermissionKind) async throws -> Bool {
        _ = try declaration(of: kind)
        let state = try await state(of: kind)
        guard !state.isUsable, state.status != .notDetermined else { return false }
        return await loadFacts().informed.contains(kind) == false
    }

    /// Records that the user was told `kind` is off, so that ``owesDenialNotice(for:)`` is `false` from now
    /// on, across relaunches. Returns once the fact is persisted.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`; the center's
    ///   ``PermitError/invalidAttachment`` if the facts could not be stored.
    public func markDenialNoticeDelivered(for kind: PermissionKind) async throws {
        _ = try declaration(of: kind)
        var updated = await loadFacts()
        guard !updated.informed.contains(kind) else { return }
        updated.informed = (updated.informed + [kind]).sorted()
        facts = updated
        logger.info("denial notice delivered", metadata: ["kind": "\(kind)"])
        // Concurrent marks each write the latest facts; write again until what was written is the latest.
        var written: PolicyFacts
        repeat {
            written = facts ?? updated
            try await center.setAttachment(written, forKey: Self.attachmentKey)
        } while facts != written
    }

    // MARK: - Helpers

    private func declaration(of kind: PermissionKind) throws -> PermissionDeclaration {
        guard let declaration = manifest.declaration(for: kind) else {
            throw PolicyError.kindNotDeclared.withDetail("\(kind)")
        }
        return declaration
    }

    private func state(of kind: PermissionKind) async throws -> PermissionState {
        guard let state = await center.state(for: kind) else {
            throw PermitError.kindNotTracked.withDetail("\(kind) is declared but the center does not track it")
        }
        return state
    }

    private func loadFacts() async -> PolicyFacts {
        if let facts { return facts }
        var loaded = PolicyFacts()
        do {
            loaded = try await center.attachment(PolicyFacts.self, forKey: Self.attachmentKey) ?? PolicyFacts()
        } catch {
            logger.warning(
                "prompt policy facts unreadable; starting with none", metadata: ["error": "\(error)"])
        }
        // Another call may have loaded or updated them meanwhile; what is in memory is newer.
        if let facts { return facts }
        facts = loaded
        return loaded
    }
}
