package import Foundation
package import Logging

/// Deletes stale installations on a schedule: every `interval` of `clock`, what ``PrunePolicy`` calls stale
/// at the wall-clock time `now()` gives.
///
/// A long-lived component: ``run()`` prunes at once, then every `interval`, until its task is cancelled.
package struct TokenPruner<C: Clock>: Sendable where C.Duration == Duration {
    private let storage: any RegistryStorage
    private let registry: TokenRegistry
    private let policy: PrunePolicy
    private let interval: Duration
    private let clock: C
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let metrics: ServerMetrics?

    /// Creates a pruner; `interval` is an hour by default. With `metrics`, each pass is counted there.
    package init(
        storage: any RegistryStorage, registry: TokenRegistry, policy: PrunePolicy = PrunePolicy(),
        interval: Duration = .seconds(3_600), clock: C, logger: Logger, now: @escaping @Sendable () -> Date = Date.init,
        metrics: ServerMetrics? = nil
    ) {
        self.metrics = metrics
        self.storage = storage
        self.registry = registry
        self.policy = policy
        self.interval = interval
        self.clock = clock
        self.logger = logger
        self.now = now
    }

    /// Prunes once, now; returns how many installations were deleted.
    @discardableResult
    package func pruneOnce() async throws -> Int {
        let cutoffs = policy.cutoffs(at: now())
        let pruned: Int
        do {
            pruned = try await storage.prune(lastSeenBefore: cutoffs.all, androidLastSeenBefore: cutoffs.android)
        } catch {
            metrics?.countPrune(pruned: nil)
            throw error
        }
        metrics?.countPrune(pruned: pruned)
        await registry.forgetCache()
        logger.info("stale installations pruned", metadata: ["count": "\(pruned)"])
        return pruned
    }

    /// Prunes at once and then every `interval` until cancelled; a failed pass is logged and the next one
    /// tried.
    package func run() async {
        while !Task.isCancelled {
            do {
                try await pruneOnce()
            } catch {
                logger.error("pruning failed", metadata: ["error": "\(error)"])
            }
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
        }
    }
}
