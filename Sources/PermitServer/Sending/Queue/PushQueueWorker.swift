package import Foundation
package import Logging
package import PermitSupport

/// Drains the push queue (``PushQueue``): claims due sends, sends each once through ``PushDelivery``, and
/// records how each ended or when it is due again. It lives as long as its ``run(until:grace:)``, in the server's
/// task group; several workers, in one process or in several sharing a database, drain one queue together.
///
/// A retry waits as ``RetrySchedule`` says for the send's attempt, never less than the service's
/// `Retry-After`; the wait is kept in the database (the send's `due` time), so it survives a restart and any
/// worker takes the send up again when it is due. A send whose worker dies before recording it is claimed again
/// when its lease runs out, with the same idempotency key.
///
/// Two ways to end a worker:
/// - An orderly stop (the server stops: ``PermitServerService`` fires the worker's stop signal, then waits for
///   it): the worker claims nothing more, lets the batch in hand go on for a grace period, cuts short what is
///   still in flight then (a send cut short is retried later), records every outcome of the batch, and returns.
/// - Cancellation ends it at once: the sends in flight are cut short and the batch is not recorded (a cancelled
///   task's queries are refused), so its sends are claimed again once their lease runs out, with the same keys.
///
/// For example:
///
/// ```swift
/// let stop = Signal()
/// try await withThrowingTaskGroup(of: Void.self) { group in
///     group.addTask { await worker.run(until: stop, grace: .seconds(4)) }
///     try await app.runService()
///     stop.fire()  // the group then waits for the worker to record its batch
/// }
/// ```
package struct PushQueueWorker: Sendable {
    /// How a worker drains.
    package struct Configuration: Sendable, Hashable {
        /// How many sends one claim takes at most.
        package var batch = 256
        /// How many sends are in flight at once.
        package var concurrency = 64
        /// How long a claimed send is the worker's before another may claim it again: longer than a send takes.
        package var lease: Duration = .seconds(120)
        /// How long the worker waits when nothing is due, or after the database failed.
        package var pollInterval: Duration = .milliseconds(250)
        /// The retries' backoff and their number.
        package var schedule = RetrySchedule()

        /// Creates the defaults.
        package init() {}
    }

    private let queue: PushQueue
    private let delivery: PushDelivery
    private let configuration: Configuration
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a worker.
    ///
    /// - Parameters:
    ///   - now: the wall clock, which `due` times are kept in; tests step their own.
    ///   - sleep: waits between polls, and for a stop's grace; returns by throwing when the task is cancelled.
    package init(
        queue: PushQueue, delivery: PushDelivery, configuration: Configuration = Configuration(), logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.queue = queue
        self.delivery = delivery
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.sleep = sleep
    }

    /// Drains the queue until `stop` fires or the task is cancelled, then returns; a database failure is logged
    /// and retried after the poll interval.
    ///
    /// After `stop` fires the worker claims nothing more; the batch in hand goes on for up to `grace` (measured by
    /// the worker's `sleep`), then what is still in flight is cut short; every outcome of the batch is recorded
    /// before it returns. Cancelled, it returns at once, without recording the batch in hand.
    package func run(until stop: Signal = Signal(), grace: Duration = .zero) async {
        logger.info("push worker started", metadata: ["concurrency": "\(configuration.concurrency)"])
        while !Task.isCancelled, !stop.isFired {
            do {
                if try await drain(until: stop, grace: grace) > 0 { continue }
            } catch where Task.isCancelled {
                logger.info("push worker cancelled: what it had claimed is sent again once the lease runs out")
                break
            } catch {
                logger.error("push queue not drained", metadata: ["error": "\((error as? ServerError)?.detail ?? "\(error)")"])
            }
            guard await pause(until: stop) else { break }
        }
        logger.info("push worker stopped")
    }

    /// Claims one batch of due sends, sends them, records their results, and returns how many it claimed.
    ///
    /// In a task that is cancelled meanwhile, the sends in flight are cut short and the results are not recorded
    /// (it throws `CancellationError`): the sends are claimed again once their lease runs out.
    @discardableResult
    package func drainOnce() async throws -> Int {
        try await drain(until: nil, grace: .zero)
    }

    /// ``drainOnce()``, whose sends are cut short `grace` after `stop` fires.
    private func drain(until stop: Signal?, grace: Duration) async throws -> Int {
        let claims = try await queue.claim(limit: configuration.batch, at: now(), lease: configuration.lease)
        guard !claims.isEmpty else { return 0 }
        var messages: [String: PushMessage] = [:]
        for push in Set(claims.map(\.push)) { messages[push] = try await queue.message(of: push) }
        let results = await send(claims, messages: messages, until: stop, grace: grace)
        // A cancelled task's queries are refused; an orderly stop (run(until:grace:)) is not a cancellation, so the
        // batch's outcomes are recorded then.
        try Task.checkCancellation()
        try await queue.record(results)
        return claims.count
    }

    /// Sends `claims`, `concurrency` at a time, and returns what became of each; with a `stop`, what is still in
    /// flight `grace` after it fires is cut short (and the sends not yet begun end at once), each then a retry.
    private func send(
        _ claims: [PushQueue.Claim], messages: [String: PushMessage], until stop: Signal?, grace: Duration
    ) async -> [(send: String, result: PushQueue.Result)] {
        await withTaskGroup(of: (send: String, result: PushQueue.Result)?.self) { group in
            if let stop {
                // Returns (nil) once the grace after the stop is over, or once the batch is done (cancelled then).
                group.addTask {
                    if await stop.wait() { try? await self.sleep(grace) }
                    return nil
                }
            }
            var pending = claims.makeIterator()
            var results: [(send: String, result: PushQueue.Result)] = []
            results.reserveCapacity(claims.count)
            func addNext() {
                guard let claim = pending.next() else { return }
                let message = messages[claim.push]
                group.addTask { (claim.send, await self.result(of: claim, message: message)) }
            }
            for _ in 0..<max(1, configuration.concurrency) { addNext() }
            while let finished = await group.next() {
                guard let finished else {
                    // The stop's grace is over: the sends still in flight, and any added later, end at once.
                    group.cancelAll()
                    continue
                }
                results.append(finished)
                addNext()
                if results.count == claims.count { group.cancelAll() }  // ends the stop's watcher
            }
            return results
        }
    }

    /// Waits the poll interval; `false` when `stop` fired or the task was cancelled first.
    private func pause(until stop: Signal) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await self.sleep(self.configuration.pollInterval)) != nil }
            group.addTask {
                await stop.wait()
                return false
            }
            let slept = await group.next() ?? false
            group.cancelAll()
            return slept && !stop.isFired && !Task.isCancelled
        }
    }

    /// Sends `claim` once and says what becomes of it.
    private func result(of claim: PushQueue.Claim, message: PushMessage?) async -> PushQueue.Result {
        guard let message else { return .finished(.failed(reason: "the notification is no longer queued")) }
        switch await delivery.attempt(message, to: claim.target, platform: claim.platform, number: claim.attempt) {
        case .finished(let outcome):
            return .finished(outcome)
        case .retry(let retryAfter, let reason):
            guard let delay = configuration.schedule.delay(beforeRetry: claim.attempt - 1, retryAfter: retryAfter) else {
                return .finished(.gaveUp(attempts: claim.attempt, lastReason: reason))
            }
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            return .retry(due: now().addingTimeInterval(seconds), reason: reason)
        }
    }
}
