public import Logging
import PermitSupport

/// The state of each of an app's features, kept current with every permission change.
///
/// The gates read permission states from the policy's ``PromptPolicy/center`` and next steps from the
/// ``PromptPolicy``. ``state(of:)`` computes a feature's state from what the center knows now; ``updates()``
/// streams every feature's current state, then every change, recomputed on every permission change the center
/// records and on every change of the policy's next steps (startup finished, a prompt started or answered, a
/// cooldown over), so that an unavailable feature's next step is never stale. A permission revoked in Settings
/// while the app was not running is seen by the center at the next launch, so the features that depend on it
/// read unavailable (or degraded) from the first read of that launch; one revoked while the app was in the
/// background is seen when it becomes active.
///
/// The gates and their subscriptions can be created at any time, before or after the center starts.
///
/// For example:
///
/// ```swift
/// let gates = FeatureGates(features: [locationCapture, reminders, coreLogging], policy: policy, logger: logger)
/// await center.start()
/// for await update in gates.updates() where !update.current.isUsable {
///     turnOff(update.feature)                 // dependent features deactivate, silently
/// }
/// ```
public actor FeatureGates {
    /// The features, in the app's order.
    public nonisolated let features: [Feature]
    /// The policy that gives the next step of an unavailable feature.
    public nonisolated let policy: PromptPolicy

    private let logger: Logger
    /// Keeps each feature's latest state, replayed as a first update to every new subscription.
    private let broadcaster = UpdateBroadcaster<FeatureUpdate>(retain: { update in
        (key: AnyHashable(update.feature), replay: FeatureUpdate(feature: update.feature, previous: nil, current: update.current))
    })
    private let listeners = Locked<[Task<Void, Never>]>([])
    private var lastStates: [Feature: FeatureState] = [:]
    /// One refresh at a time, in order, so that updates go out in order and never stale.
    private let serial = SerialGate()

    /// Creates gates for `features`, computes their states and follows the center's and the policy's changes.
    ///
    /// A required permission that the policy's manifest does not declare, or that the center does not track,
    /// leaves its feature unavailable with ``NextStep/unavailable``; it is logged once, here, at `warning`.
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
        for feature in self.features {
            for kind in feature.required
            where policy.manifest.declaration(for: kind) == nil || !policy.center.kinds.contains(kind) {
                logger.warning(
                    "a feature requires a permission the policy cannot answer for; it stays unavailable",
                    metadata: [
                        "feature": "\(feature)", "kind": "\(kind)",
                        "declared": "\(policy.manifest.declaration(for: kind) != nil)",
                        "tracked": "\(policy.center.kinds.contains(kind))",
                    ])
            }
        }
        let centerChanges = policy.center.changes()
        let policyChanges = policy.changes()
        let initial = Task { [weak self] in
            _ = await self?.refresh()
        }
        let followCenter = Task { [weak self] in
            for await _ in centerChanges {
                guard let self else { return }
                await self.refresh()
            }
        }
        let followPolicy = Task { [weak self] in
            for await _ in policyChanges {
                guard let self else { return }
                await self.refresh()
            }
        }
        listeners.withLock { $0 = [initial, followCenter, followPolicy] }
    }

    deinit {
        listeners.withLock { tasks in
            for task in tasks { task.cancel() }
        }
    }

    /// The state of `feature` now, computed from the center's current states.
    public func state(of feature: Feature) async -> FeatureState {
        await compute(feature, from: currentStates())
    }

    /// The state of every feature now, in the app's order, all computed from the same permission states.
    public func states() async -> [FeatureSnapshot] {
        let states = await currentStates()
        var result: [FeatureSnapshot] = []
        for feature in features { result.append(FeatureSnapshot(feature: feature, state: await compute(feature, from: states))) }
        return result
    }

    /// A stream of every feature's current state, then every change of a feature's state.
    ///
    /// The subscription starts with one update per feature whose state the gates have computed (all of them,
    /// once the first computation that starts with the gates is done), in the app's order, with
    /// ``FeatureUpdate/previous`` `nil`. States are recomputed on every permission change and every change of
    /// the policy's next steps; an update is then sent for each feature whose state differs from the one last
    /// sent.
    public nonisolated func updates() -> FeatureUpdates {
        broadcaster.subscribe()
    }

    /// Recomputes every feature's state now and sends an update for each one that changed; the gates call it
    /// on every permission change and every change of the policy's next steps.
    ///
    /// - Returns: The updates sent.
    @discardableResult
    public func refresh() async -> [FeatureUpdate] {
        await serial.run { await performRefresh() }
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
        // Not declared or not tracked: logged once, when the gates were created.
        var step = NextStep.unavailable
        if let state = states[first], let known = try? await policy.nextStep(for: first, in: state) { step = known }
        return .unavailable(missing: missingRequired, nextStep: step)
    }
}
