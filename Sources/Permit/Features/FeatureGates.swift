public import Logging

/// The state of each of an app's features, kept current with every permission change.
///
/// The gates read permission states from the policy's ``PromptPolicy/center`` and next steps from the
/// ``PromptPolicy``. ``state(of:)`` computes a feature's state from what the center knows now; ``updates()``
/// streams every change of a feature's state, recomputed on every permission change the center records. A
/// permission revoked in Settings while the app was not running is seen by the center at the next launch, so
/// the features that depend on it read unavailable (or degraded) from the first read of that launch; one
/// revoked while the app was in the background is seen when it becomes active.
///
/// Create the gates before starting the center to receive the states computed from the launch's changes.
///
/// For example:
///
/// ```swift
/// let gates = FeatureGates(features: [locationCapture, reminders, coreLogging], policy: policy, logger: logger)
/// let updates = gates.updates()
/// await center.start()
/// for await update in updates where !update.current.isUsable {
///     turnOff(update.feature)                 // dependent features deactivate, silently
/// }
/// ```
public actor FeatureGates {
    /// The features, in the app's order.
    public nonisolated let features: [Feature]
    /// The policy that gives the next step of an unavailable feature.
    public nonisolated let policy: PromptPolicy

    private let logger: Logger
    private let broadcaster = Broadcaster<FeatureUpdate>(replaysLatest: false)
    private let listener = Locked<Task<Void, Never>?>(nil)
    private var lastStates: [Feature: FeatureState] = [:]
    /// The latest refresh; each waits for the one before, so that updates go out in order and never stale.
    private var refreshChain: Task<[FeatureUpdate], Never>?

    /// Creates gates for `features` and starts following the center's changes.
    ///
    /// - Parameters:
    ///   - features: The app's features; duplicates are ignored.
    ///   - policy: The app's prompt policy, over its permission center.
    ///   - logger: Receives feature-state changes at `info`.
    public init(features: [Feature], policy: PromptPolicy, logger: Logger) {
        var seen = Set<Feature>()
        self.features = features.filter { seen.insert($0).inserted }
        self.policy = policy
        self.logger = logger
        let changes = policy.center.changes()
        let task = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                await self.refresh()
            }
        }
        listener.withLock { $0 = task }
    }

    deinit {
        listener.withLock { $0?.cancel() }
    }

    /// The state of `feature` now, computed from the center's current states.
    public func state(of feature: Feature) async -> FeatureState {
        await compute(feature, from: currentStates())
    }

    /// The state of every feature now, in the app's order.
    public func states() async -> [(feature: Feature, state: FeatureState)] {
        let states = await currentStates()
        var result: [(feature: Feature, state: FeatureState)] = []
        for feature in features { result.append((feature, await compute(feature, from: states))) }
        return result
    }

    /// A stream of every change of a feature's state from now on.
    ///
    /// States are recomputed on every permission change; an update is sent for each feature whose state
    /// differs from the one last sent (``FeatureUpdate/previous`` is `nil` for a feature never sent before).
    public nonisolated func updates() -> FeatureUpdates {
        FeatureUpdates(broadcaster.subscribe())
    }

    /// Recomputes every feature's state now and sends an update for each one that changed; the gates call it
    /// on every permission change. Call it after ``PromptPolicy/finishStartup()`` to update next steps.
    ///
    /// - Returns: The updates sent.
    @discardableResult
    public func refresh() async -> [FeatureUpdate] {
        let previous = refreshChain
        let task = Task {
            _ = await previous?.value
            return await self.performRefresh()
        }
        refreshChain = task
        return await task.value
    }

    private func performRefresh() async -> [FeatureUpdate] {
        var updates: [FeatureUpdate] = []
        let states = await currentStates()
        for feature in features {
            let current = await compute(feature, from: states)
            let previous = lastStates[feature]
            guard previous != current else { continue }
            lastStates[feature] = current
            updates.append(FeatureUpdate(feature: feature, previous: previous, current: current))
        }
        for update in updates {
            logger.info(
                "feature state changed",
                metadata: [
                    "feature": "\(update.feature)", "from": "\(update.previous.map(\.description) ?? "none")",
                    "to": "\(update.current)",
                ])
            broadcaster.publish(update)
        }
        return updates
    }

    /// Every tracked permission's state, read at once so that a feature's state is computed from one moment.
    private func currentStates() async -> [PermissionKind: PermissionState] {
        Dictionary(uniqueKeysWithValues: await policy.center.states().map { ($0.kind, $0) })
    }

    private func compute(_ feature: Feature, from states: [PermissionKind: PermissionState]) async -> FeatureState {
        var missingRequired: [PermissionKind] = []
        var missingOptional: [PermissionKind] = []
        for kind in feature.kinds where states[kind]?.isUsable != true {
            if feature.required.contains(kind) { missingRequired.append(kind) } else { missingOptional.append(kind) }
        }
        guard let first = missingRequired.first else {
            return missingOptional.isEmpty ? .available : .degraded(missing: missingOptional)
        }
        var step = NextStep.unavailable
        do {
            guard let state = states[first] else {
                throw PermitError.kindNotTracked.withDetail("\(first) is not tracked by the center")
            }
            step = try await policy.nextStep(for: first, in: state)
        } catch {
            logger.warning(
                "a feature requires a permission the policy cannot answer for",
                metadata: ["feature": "\(feature)", "kind": "\(first)", "error": "\(error)"])
        }
        return .unavailable(missing: missingRequired, nextStep: step)
    }
}
