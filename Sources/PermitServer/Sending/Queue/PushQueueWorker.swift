package import Foundation
package import Logging

/// Drains the push queue (``PushQueue``): claims due sends, sends each once through ``PushDelivery``, and
/// records how each ended or when it is due again. It lives as long as its ``run()``, in the server's task
/// group; several workers, in one process or in several sharing a database, drain one queue together.
///
/// A retry waits as ``RetrySchedule`` says for the send's attempt, never less than the service's
/// `Retry-After`; the wait is kept in the database (the send's `due` time), so it survives a restart and any
/// worker takes the send up again when it is due. A send whose worker dies before recording it is claimed again
/// when its lease runs out, with the same idempotency key. When the worker is cancelled (the server stops), the
/// sends in flight end (a send cut short is retried later) and the batch's outcomes are still recorded.
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
    ///   - sleep: waits between polls; returns by throwing when the task is cancelled.
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

    /// Drains the queue until the task is cancelled, then returns; a database failure is logged and retried
    /// after the poll interval.
    package func run() async {
        logger.info("push worker started", metadata: ["concurrency": "\(configuration.concurrency)"])
        while !Task.isCancelled {
            do {
                if try await drainOnce() > 0 { continue }
            } catch {
                logger.error("push queue not drained", metadata: ["error": "\((error as? ServerError)?.detail ?? "\(error)")"])
            }
            do { try await sleep(configuration.pollInterval) } catch { break }
        }
        logger.info("push worker stopped")
    }

    /// Claims one batch of due sends, sends them, records their results, and returns how many it claimed.
    @discardableResult
    package func drainOnce() async throws -> Int {
        let claims = try await queue.claim(limit: configuration.batch, at: now(), lease: configuration.lease)
        guard !claims.isEmpty else { return 0 }
        var messages: [String: PushMessage] = [:]
        for push in Set(claims.map(\.push)) { messages[push] = try await queue.message(of: push) }
        let results = await withTaskGroup(of: (send: String, result: PushQueue.Result).self) { group in
            var pending = claims.makeIterator()
            var results: [(send: String, result: PushQueue.Result)] = []
            results.reserveCapacity(claims.count)
            func addNext() -> Bool {
                guard let claim = pending.next() else { return false }
                let message = messages[claim.push]
                group.addTask { (claim.send, await self.result(of: claim, message: message)) }
                return true
            }
            for _ in 0..<max(1, configuration.concurrency) {
                if !addNext() { break }
            }
            while let finished = await group.next() {
                results.append(finished)
                _ = addNext()
            }
            return results
        }
        // Task: a cancellation shield: the outcomes of sends already made must be recorded even when the server
        // is stopping, and a query in a cancelled task is refused; awaited here, so it never outlives the worker.
        try await Task { try await queue.record(results) }.value
        return claims.count
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
