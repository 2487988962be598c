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
///   is down) is counted (``metrics``), logged at error with the reason, and retried while the process lives:
///   after 1 s, then at twice the delay after each round that still failed, at most every 60 s. Reports of one
///   installation that wait are merged, the newest over the older, so a retry never writes back an older state.
/// - A report that does not prove it comes from its installation (a wrong proof, or none for an installation
///   that has one) is refused by the registry: counted (`refused`), logged at debug, never retried.
/// - Memory is bounded: at most ``CookieWriteBook/Limits/maxPending`` installations wait; a report beyond that
///   is lost, counted (`lost`) and logged at error.
///
/// The decisions are ``CookieWriteBook``'s; this type runs them. A write and a retry loop run in tasks of their
/// own (`Task {}`), since a write must outlive the request that carried it; each ends when its work is done, and
/// a retry loop runs only while a failed report waits.
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
    /// With `waitForWrite` false (forward auth, whose proxy holds the visitor's request until it is answered),
    /// it returns as soon as the write is started, queued or found needless; the write runs on all the same, and
    /// its outcome is booked, counted and retried as any other.
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
            if startRetrying { startRetryLoop() }
        case .write(let merged, let ticket):
            let done = Signal()
            // Task: the write outlives the request that caused it: forward auth answers at once and the write goes on.
            Task {
                await self.write(merged, ticket)
                done.fire()
            }
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

    /// For an orderly stop: retries at once the reports that wait for a retry round (instead of after the
    /// round's delay, up to a minute after a long outage), then returns as ``settled(within:)`` does.
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
            // The first failure since writes last worked; until they do again, each retry round logs one line.
            let (metrics, reason) = state.withLock { ($0.book.metrics, $0.lastFailure) }
            logger.error("cookie report not recorded: the site's request went on, and the write will be retried", metadata: [
                "installation": "\(report.installation)", "reason": "\(reason)",
                "waiting": "\(metrics.waiting)", "failedAttempts": "\(metrics.failedAttempts)",
            ])
            startRetryLoop()
        }
        resumeIdleWaiters()
    }

    /// Starts the loop of retry rounds; it ends when no failed report waits.
    private func startRetryLoop() {
        // Task: single-flight retry loop, started by a failed write from a request that does not wait for it.
        Task { await retryLoop() }
    }

    private func retryLoop() async {
        var delay = retryDelays.first
        while true {
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

// MARK: - Signal

/// A one-time event that one task waits for, at most for a while: a write's end, for the request that carried it;
/// the writer's next idle moment, for ``CookieWriter/settled()``.
private final class Signal: Sendable {
    private struct State {
        var fired = false
        var cancelled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    /// Fires the signal: its waiter, if any, resumes.
    func fire() {
        let waiter = state.withLock { state in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns `true` once the signal fires, or `false` when `duration` passes on `clock` first (or the task is
    /// cancelled first).
    func wait(upTo duration: Duration, on clock: any Clock<Duration>) async -> Bool {
        if state.withLock({ $0.fired }) { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                try? await clock.sleep(for: duration)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Returns `true` once the signal fires, or `false` once the task is cancelled first.
    @discardableResult
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard !state.fired, !state.cancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            return state.withLock { $0.fired }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
