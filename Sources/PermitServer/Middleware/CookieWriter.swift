package import Logging
import Permit
import PermitSupport

/// Records the cookie path's reports in the ``TokenRegistry`` without ever failing the site's request: it
/// fails open, and hides no loss.
///
/// - A report that repeats what the registry holds is answered from memory: no write, no wait.
/// - A report that changes something is written at once, and ``record(_:)`` returns when the write is
///   committed or failed, or after ``wait`` (``defaultWait``, 100 ms), whichever comes first: the most a site's
///   request is delayed by the registry. A write still running then carries on after the request.
/// - A write that fails (a full disk, a read-only database, a lock held past the busy timeout, a database that
///   is down) is counted (``metrics``), logged at error with the reason, and retried while the writer runs:
///   after 1 s, then at twice the delay after each round that still failed, at most every 60 s. Reports of one
///   installation that wait are merged, the newest over the older, so a retry never writes back an older state.
/// - A report that does not prove it comes from its installation (a wrong proof, or none for an installation
///   that has one) is refused by the registry: counted (`refused`), logged at debug, never retried.
/// - Memory is bounded: at most ``CookieWriteBook/Limits/maxPending`` installations wait; a report beyond that
///   is lost, counted (`lost`) and logged at error.
///
/// The decisions are ``CookieWriteBook``'s; this type runs them. A long-lived component: the writes and the retry
/// rounds run in ``run()``, which its owner runs in a task group beside the server (``PermitServerService``), so
/// that a write goes on after the request that carried it has been answered, and ends with the server. Each write
/// is a child task of `run()` that ends when its work is done; the retry loop is another, which runs only while a
/// failed report waits.
///
/// A report that would write waits for `run()`: one submitted before it starts (or after it returned) is written
/// once it runs (again); a request that waits for its write meanwhile goes on after ``wait``, as it would for a
/// slow write. On an orderly stop the owner gives what is pending a last chance (``finish(within:)``) before it
/// cancels `run()`.
///
/// For example:
///
/// ```swift
/// let writer = CookieWriter(registry: registry, logger: logger)
/// router.add(middleware: RegistryMiddleware(writer: writer, logger: logger))
/// try await withThrowingTaskGroup(of: Void.self) { group in
///     group.addTask { await writer.run() }
///     try await app.runService()
///     _ = await writer.finish(within: .seconds(4))
///     group.cancelAll()
/// }
/// ```
package final class CookieWriter: Sendable {
    /// How long a request waits for its write at most.
    package let wait: Duration
    /// The server's wait: 100 ms.
    package static let defaultWait: Duration = .milliseconds(100)
    private let registry: TokenRegistry
    private let clock: any Clock<Duration>
    private let retryDelays: RetryDelays
    private let logger: Logger
    private let state: Locked<State>

    private struct State {
        var book: CookieWriteBook
        var idleWaiters: [Signal] = []
        /// Why the last write failed, for the retry rounds' log lines.
        var lastFailure = ""
        /// What the retry loop's wait between rounds ends on, besides its delay: ``finish(within:)`` fires it.
        var retryWake: Signal?
        /// Set by ``finish(within:)``: the retry loop's next round starts without its delay.
        var retryNow = false
        /// What ``run()`` has yet to start, oldest first: it waits here while `run()` is not running.
        var work: [Work] = []
        /// Fired when work arrives, for a ``run()`` that waits for some.
        var workArrived: Signal?
    }

    /// Something for ``run()`` to start in a child task.
    private enum Work: Sendable {
        /// Write a report, then fire `done` for the request that waits for it.
        case write(InstallationReport, CookieWriteBook.Ticket, done: Signal)
        /// Run the retry rounds while a failed report waits (the book asks for one loop at a time).
        case retryLoop
    }

    /// The delays between retry rounds: `first`, doubled after each round that failed, at most `longest`.
    package struct RetryDelays: Sendable, Hashable {
        package var first: Duration
        package var longest: Duration

        /// 1 s, doubling to at most 60 s.
        package init(first: Duration = .seconds(1), longest: Duration = .seconds(60)) {
            self.first = first
            self.longest = longest
        }
    }

    /// Creates a writer into `registry`.
    ///
    /// - Parameters:
    ///   - wait: the longest a request waits for its write.
    ///   - clock: what the wait and the retry delays are measured on; tests pass a test clock.
    package init(
        registry: TokenRegistry, wait: Duration = defaultWait, retryDelays: RetryDelays = RetryDelays(),
        limits: CookieWriteBook.Limits = CookieWriteBook.Limits(), clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger
    ) {
        self.registry = registry
        self.wait = wait
        self.retryDelays = retryDelays
        self.clock = clock
        self.logger = logger
        state = Locked(State(book: CookieWriteBook(limits: limits)))
    }

    /// What was counted since the writer was created.
    package var metrics: CookieWriteMetrics { state.withLock { $0.book.metrics } }

    /// Records `report`, returning once it is written, once its write failed (and was set to be retried), or
    /// after ``wait``; never throws.
    ///
    /// The write runs in ``run()``, not in the caller's task, so that it goes on when the caller goes on (or is
    /// cancelled). With `waitForWrite` false (forward auth, whose proxy holds the visitor's request until it is
    /// answered), it returns as soon as the write is submitted, queued or found needless; the write runs on all the
    /// same, and its outcome is booked, counted and retried as any other.
    package func record(_ report: InstallationReport, waitForWrite: Bool = true) async {
        if registry.repeatsRecorded(report) { return }
        // A wrong proof never enters the book, where it could displace the installation's own waiting report.
        if case .presented(let given) = report.proof, let proofs = try? await registry.installationProofs(),
            !proofs.verifies(given, for: report.installation)
        {
            state.withLock { $0.book.noteRefused() }
            logger.debug("cookie report refused: the proof is not this installation's", metadata: [
                "installation": "\(report.installation)",
            ])
            return
        }
        switch state.withLock({ $0.book.submit(report) }) {
        case .dropped:
            let lost = metrics.lost
            if lost == 1 || lost.isMultiple(of: 1_000) {
                logger.error("cookie report lost: too many installations wait for a write", metadata: [
                    "installation": "\(report.installation)", "lost": "\(lost)",
                ])
            }
        case .queued(let startRetrying):
            if startRetrying { submit(.retryLoop) }
        case .write(let merged, let ticket):
            let done = Signal()
            submit(.write(merged, ticket, done: done))
            guard waitForWrite else { return }
            if await !done.wait(upTo: wait, on: clock) {
                state.withLock { $0.book.noteSlowWrite() }
            }
        }
    }

    /// Whether recording `report` would write nothing (``TokenRegistry/repeatsRecorded(_:)``).
    package func repeatsRecorded(_ report: InstallationReport) -> Bool { registry.repeatsRecorded(report) }

    /// Counts a report the rate limits did not let through.
    package func noteRateLimited() {
        state.withLock { $0.book.noteRateLimited() }
    }

    /// Counts `count` cookies Permit reads that a request carried malformed.
    package func noteIgnoredCookies(_ count: Int) {
        state.withLock { $0.book.noteIgnoredCookies(count) }
    }

    /// Returns once nothing waits and nothing is in flight: every report submitted so far is written (or lost).
    /// For tests.
    package func settled() async {
        if let idle = idleSignal() { await idle.wait() }
    }

    /// Returns `true` once nothing waits and nothing is in flight, or `false` when `limit` passes first (on the
    /// writer's clock) or the task is cancelled.
    package func settled(within limit: Duration) async -> Bool {
        guard let idle = idleSignal() else { return true }
        return await idle.wait(upTo: limit, on: clock)
    }

    /// For an orderly stop, before ``run()`` is cancelled: retries at once the reports that wait for a retry round
    /// (instead of after the round's delay, up to a minute after a long outage), then returns as
    /// ``settled(within:)`` does: `true` once every report submitted so far is written, `false` when `limit` passes
    /// first (always, while `run()` is not running and something is pending).
    package func finish(within limit: Duration) async -> Bool {
        let wake = state.withLock { state -> Signal? in
            state.retryNow = true
            return state.retryWake
        }
        wake?.fire()
        return await settled(within: limit)
    }

    /// A signal fired when the writer is next idle, or `nil` when it is idle now.
    private func idleSignal() -> Signal? {
        state.withLock { state in
            guard !state.book.isIdle else { return nil }
            let idle = Signal()
            state.idleWaiters.append(idle)
            return idle
        }
    }

    // MARK: - Running

    /// Runs the writes that requests submit and the retry rounds, each in a child task, until the task is
    /// cancelled; then cancels them, waits for them to end, and returns.
    ///
    /// Until it runs, what requests submit waits (see the type's discussion); cancelled, it leaves what it had
    /// not started, and a retry loop it ended, to the next `run()`. A write it cancelled counts as a failed
    /// attempt and waits for a retry round; call ``finish(within:)`` before cancelling to leave nothing pending.
    package func run() async {
        await withDiscardingTaskGroup { group in
            while let work = await nextWork() {
                for item in work {
                    switch item {
                    case .write(let report, let ticket, let done):
                        group.addTask {
                            await self.write(report, ticket)
                            done.fire()
                        }
                    case .retryLoop:
                        group.addTask { await self.retryLoop() }
                    }
                }
            }
        }
    }

    /// Hands `work` to ``run()``, now or whenever it next runs.
    private func submit(_ work: Work) {
        let arrived = state.withLock { state -> Signal? in
            state.work.append(work)
            defer { state.workArrived = nil }
            return state.workArrived
        }
        arrived?.fire()
    }

    /// The work submitted and not yet started, once there is some; `nil` once the task is cancelled, leaving the
    /// work for the next ``run()``.
    private func nextWork() async -> [Work]? {
        while !Task.isCancelled {
            let (work, wake) = state.withLock { state -> ([Work], Signal?) in
                guard state.work.isEmpty else {
                    defer { state.work = [] }
                    return (state.work, nil)
                }
                let wake = state.workArrived ?? Signal()
                state.workArrived = wake
                return ([], wake)
            }
            guard let wake else { return work }
            await wake.wait()
        }
        return nil
    }

    // MARK: - Writes

    /// Writes one report, and books the outcome.
    private func write(_ report: InstallationReport, _ ticket: CookieWriteBook.Ticket) async {
        let outcome: Result<Bool, any Error>
        do {
            outcome = .success(try await registry.record(report))
        } catch {
            outcome = .failure(error)
        }
        let startRetrying = state.withLock { state in
            switch outcome {
            case .success(let wrote):
                state.book.succeeded(ticket, wrote: wrote)
                return false
            case .failure(ServerError.proofRefused):
                state.book.refused(ticket)  // logged at debug by the registry; never retried
                return false
            case .failure(let error):
                state.lastFailure = "\(error)"
                return state.book.failed(ticket)
            }
        }
        if startRetrying {
            // The first failure since writes last worked; until they do again, each retry round logs one line. A
            // write cut short by the stop (run() cancelled) is the stop's to report (PermitServerService).
            if !Task.isCancelled {
                let (metrics, reason) = state.withLock { ($0.book.metrics, $0.lastFailure) }
                logger.error("cookie report not recorded: the site's request went on, and the write will be retried", metadata: [
                    "installation": "\(report.installation)", "reason": "\(reason)",
                    "waiting": "\(metrics.waiting)", "failedAttempts": "\(metrics.failedAttempts)",
                ])
            }
            submit(.retryLoop)
        }
        resumeIdleWaiters()
    }

    /// The retry rounds, one after another, until none waits (the book asks for one loop at a time). Cancelled
    /// (``run()`` is), the loop hands itself back to the next `run()`, since the book still counts it as running.
    private func retryLoop() async {
        var delay = retryDelays.first
        while true {
            guard !Task.isCancelled else {
                submit(.retryLoop)
                return
            }
            // The delay, unless finish(within:) asked for a round now, before or during the wait.
            let wake = state.withLock { state -> Signal? in
                guard !state.retryNow else { return nil }
                let wake = Signal()
                state.retryWake = wake
                return wake
            }
            if let wake { _ = await wake.wait(upTo: delay, on: clock) }
            state.withLock { state in
                state.retryWake = nil
                state.retryNow = false
            }
            guard !Task.isCancelled else {
                submit(.retryLoop)
                return
            }
            guard let round = state.withLock({ $0.book.retryRound() }) else {
                resumeIdleWaiters()
                return
            }
            let failedBefore = metrics.failedAttempts
            await withTaskGroup(of: Void.self) { group in
                // A window of writes at a time: enough for group commit to batch them, few enough for the database.
                var next = round.makeIterator()
                for _ in 0..<64 {
                    guard let (report, ticket) = next.next() else { break }
                    group.addTask { await self.retry(report, ticket) }
                }
                while await group.next() != nil {
                    guard let (report, ticket) = next.next() else { continue }
                    group.addTask { await self.retry(report, ticket) }
                }
            }
            guard !Task.isCancelled else {
                // The round's writes were cut short: they wait again, for the next run().
                submit(.retryLoop)
                resumeIdleWaiters()
                return
            }
            let (failures, snapshot, reason) = state.withLock { state in
                (state.book.metrics.failedAttempts - failedBefore, state.book.metrics, state.lastFailure)
            }
            if failures > 0 {
                delay = min(delay * 2, retryDelays.longest)
                logger.error("cookie reports still not recorded; retrying", metadata: [
                    "reason": "\(reason)", "waiting": "\(snapshot.waiting)", "failedAttempts": "\(snapshot.failedAttempts)",
                    "retryIn": "\(delay)",
                ])
            } else {
                delay = retryDelays.first
                logger.info("cookie reports recorded after failed attempts", metadata: [
                    "recovered": "\(snapshot.recovered)", "failedAttempts": "\(snapshot.failedAttempts)",
                ])
            }
            resumeIdleWaiters()
        }
    }

    /// One write of a retry round; its failure is logged by the round.
    private func retry(_ report: InstallationReport, _ ticket: CookieWriteBook.Ticket) async {
        do {
            let wrote = try await registry.record(report)
            state.withLock { _ = $0.book.succeeded(ticket, wrote: wrote) }
        } catch ServerError.proofRefused {
            state.withLock { $0.book.refused(ticket) }
        } catch {
            state.withLock { state in
                state.lastFailure = "\(error)"
                _ = state.book.failed(ticket)
            }
        }
    }

    private func resumeIdleWaiters() {
        let waiters = state.withLock { state -> [Signal] in
            guard state.book.isIdle else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        for waiter in waiters { waiter.fire() }
    }
}
