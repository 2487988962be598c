public import Logging
import PermitSupport

/// The state of each of an app's features, kept current with every permission change while ``run()`` runs.
///
/// The gates read permission states from the policy's ``PromptPolicy/center`` and next steps from the
/// ``PromptPolicy``. ``state(of:)`` and ``states()`` compute from what the center knows now, and ``refresh()``
/// recomputes every feature and sends what changed; none of them needs ``run()``.
///
/// ``updates()`` streams every feature's current state, then every change. Its changes come from ``run()``,
/// which follows the center and the policy until its task is cancelled: it applies each permission change the
/// center records to the features that use that permission (the change carries the state, so the center is
/// not read again), and recomputes every feature when the policy's next steps move (startup finished, a prompt
/// started or answered, a cooldown over), so that an unavailable feature's next step is never stale. Without
/// ``run()``, a subscription receives only what ``refresh()`` sends.
///
/// A permission revoked in Settings while the app was not running is seen by the center at the next launch,
/// so the features that depend on it read unavailable (or degraded) from the first read of that launch; one
/// revoked while the app was in the background is seen when it becomes active.
///
/// The gates and their subscriptions can be created at any time, before or after the center starts.
///
/// For example, beside the app's other long-lived components:
///
/// ```swift
/// let gates = FeatureGates(features: [locationCapture, reminders, coreLogging], policy: policy, logger: logger)
/// let updates = gates.updates()
/// await withDiscardingTaskGroup { group in
///     group.addTask { await gates.run() }     // follows changes until the group is cancelled
///     await center.start()
///     for await update in updates where !update.current.isUsable {
///         turnOff(update.feature)             // dependent features deactivate, silently
///     }
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
    private var lastStates: [Feature: FeatureState] = [:]
    /// The permission states the last updates were computed from: read from the center by a refresh, then
    /// moved on by each change ``run()`` applies.
    private var permissions: [PermissionKind: PermissionState] = [:]
    /// One refresh or change at a time, in order, so that updates go out in order and never stale.
    private let serial = SerialGate()

    /// Creates gates for `features`; nothing runs until ``run()``, ``refresh()`` or a read.
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
    }

    /// Computes every feature's state, then follows the center's changes and the policy's next steps, sending
    /// an update for each feature whose state changed, until the calling task is cancelled.
    ///
    /// Run it once, for as long as the app shows features, in a task group beside the app's other long-lived
    /// components. It subscribes to the center before its first computation, so a change the center records
    /// meanwhile is not missed; its subscriptions end when it returns.
    public func run() async {
        let permissionChanges = policy.center.changes()
        let stepChanges = policy.changes()
        let cooldownStarts = policy.changes()
        await refresh()
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await change in permissionChanges { await self.apply(change) }
            }
            group.addTask {
                for await _ in stepChanges { await self.refresh() }
            }
            group.addTask {
                // A cooldown's end moves next steps with no event of its own: a prompt answered may start one.
                for await _ in cooldownStarts {
                    guard (try? await self.policy.waitForCooldownEnd()) == true else { continue }
                    await self.refresh()
                }
            }
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
    /// once the first computation of ``run()`` or ``refresh()`` is done), in the app's order, with
    /// ``FeatureUpdate/previous`` `nil`. While ``run()`` runs, states are recomputed on every permission change
    /// and every change of the policy's next steps; an update is then sent for each feature whose state
    /// differs from the one last sent.
    public nonisolated func updates() -> FeatureUpdates {
        broadcaster.subscribe()
    }

    /// Reads the center's states, recomputes every feature's state now and sends an update for each one that
    /// changed; ``run()`` calls it when it starts and whenever the policy's next steps move.
    ///
    /// - Returns: The updates sent.
    @discardableResult
    public func refresh() async -> [FeatureUpdate] {
        await serial.run {
            permissions = await currentStates()
            return await publishChanges(of: features)
        }
    }

    /// Applies one permission change: the features that use its kind are recomputed from the state it
    /// carries, and the others keep theirs. A change older than what the gates last read of its kind (a
    /// refresh that ran after it was recorded) is already in their states and is skipped.
    private func apply(_ change: PermissionChange) async {
        await serial.run {
            if let known = permissions[change.kind], known.lastCheckedAt > change.date { return }
            permissions[change.kind] = change.state
            await publishChanges(of: features.filter { $0.kinds.contains(change.kind) })
        }
    }

    /// Computes `changed`'s states from ``permissions`` and sends an update for each one that differs from
    /// the state last sent.
    @discardableResult
    private func publishChanges(of changed: [Feature]) async -> [FeatureUpdate] {
        var updates: [FeatureUpdate] = []
        for feature in changed {
            let current = await compute(feature, from: permissions)
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
        for kind in feature.kinds where states[kind].map(feature.accepts) != true {
            if feature.required.contains(kind) { missingRequired.append(kind) } else { missingOptional.append(kind) }
        }
        guard let first = missingRequired.first else {
            return missingOptional.isEmpty ? .available : .degraded(missing: missingOptional)
        }
        // Not declared or not tracked: logged once, when the gates were created.
        var step = NextStep.unavailable
        if let state = states[first], state.status == .approximate {
            // Usable, but not precise enough for this feature.
            if policy.manifest.declaration(for: first)?.fullAccuracyPurposeKey != nil { step = .requestTemporaryFullAccuracy }
        } else if let state = states[first], let known = try? await policy.nextStep(for: first, in: state) {
            step = known
        }
        return .unavailable(missing: missingRequired, nextStep: step)
    }
}
