/// The cookie reports not yet in the registry, and what ``CookieWriter`` does next: a pure state machine, with
/// an action for each event, testable without tasks or time.
///
/// An installation has at most one entry: the newest report not yet written, with every report of it still
/// unwritten merged in (a newer token, platform or state wins). Each write carries a ``Ticket``; only the write
/// of the entry's latest ticket may close it, so an older write that finishes late (or a retry of a report
/// since replaced) never settles a newer one, and a newer report is never overwritten by an older one.
package struct CookieWriteBook: Sendable {
    /// One write of an installation's entry.
    package struct Ticket: Sendable, Hashable {
        package var installation: String
        package var generation: UInt64
    }

    /// What to do with a submitted report.
    package enum SubmitAction: Sendable, Hashable {
        /// Write this report (the submitted one, with the installation's unwritten ones merged in) now.
        case write(InstallationReport, Ticket)
        /// Too many writes are in flight: the report waits for the next retry round, which the caller starts
        /// when `startRetrying` is set.
        case queued(startRetrying: Bool)
        /// Too many installations wait: the report is lost (and counted).
        case dropped
    }

    /// The limits.
    package struct Limits: Sendable, Hashable {
        /// The most installations waiting for a write, in flight or after a failure.
        package var maxPending = 100_000
        /// The most writes in flight at once; beyond, a report waits for the next retry round.
        package var maxInFlight = 1_024

        /// The default limits.
        package init() {}
    }

    private struct Entry: Sendable {
        var report: InstallationReport
        var generation: UInt64
        /// Whether the entry waits for a retry round (no write of it is in flight).
        var waiting: Bool
        /// Whether a write of it failed.
        var failed: Bool
    }

    private let limits: Limits
    private var entries: [String: Entry] = [:]
    private var nextGeneration: UInt64 = 0
    private var inFlight = 0
    private var waitingCount = 0
    private var retrying = false
    /// What was counted so far.
    package private(set) var metrics = CookieWriteMetrics()

    /// An empty book.
    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether nothing waits and nothing is in flight.
    package var isIdle: Bool { entries.isEmpty && inFlight == 0 }

    /// A report that changes the registry arrived.
    package mutating func submit(_ report: InstallationReport) -> SubmitAction {
        let existing = entries[report.installation]
        guard existing != nil || entries.count < limits.maxPending else {
            metrics.lost += 1
            return .dropped
        }
        nextGeneration += 1
        var entry = Entry(
            report: existing.map { $0.report.merging(report) } ?? report, generation: nextGeneration, waiting: false,
            failed: existing?.failed ?? false)
        if existing?.waiting == true { waitingCount -= 1 }
        guard inFlight < limits.maxInFlight else {
            entry.waiting = true
            waitingCount += 1
            entries[report.installation] = entry
            updatePending()
            return .queued(startRetrying: startRetryingIfNeeded())
        }
        entries[report.installation] = entry
        inFlight += 1
        updatePending()
        return .write(entry.report, Ticket(installation: report.installation, generation: entry.generation))
    }

    /// The write of `ticket` is committed; returns whether it wrote an entry that had failed before. `wrote` is
    /// false when the registry found nothing to change (the same report, recorded meanwhile): not counted as written.
    @discardableResult
    package mutating func succeeded(_ ticket: Ticket, wrote: Bool = true) -> Bool {
        inFlight -= 1
        if wrote { metrics.written += 1 }
        guard let entry = entries[ticket.installation], entry.generation == ticket.generation else { return false }
        entries[ticket.installation] = nil
        updatePending()
        if entry.failed { metrics.recovered += 1 }
        return entry.failed
    }

    /// A report refused before it was queued: its proof is not its installation's.
    package mutating func noteRefused() { metrics.refused += 1 }

    /// The write of `ticket` was refused, since its report did not prove it comes from its installation (a wrong
    /// proof, or none for an installation that has one): counted, and not retried.
    package mutating func refused(_ ticket: Ticket) {
        inFlight -= 1
        metrics.refused += 1
        guard let entry = entries[ticket.installation], entry.generation == ticket.generation else { return }
        if entry.waiting { waitingCount -= 1 }
        entries[ticket.installation] = nil
        updatePending()
    }

    /// The write of `ticket` failed; returns whether the caller starts a retry loop (none runs).
    package mutating func failed(_ ticket: Ticket) -> Bool {
        inFlight -= 1
        metrics.failedAttempts += 1
        if var entry = entries[ticket.installation], entry.generation == ticket.generation {
            entry.waiting = true
            entry.failed = true
            entries[ticket.installation] = entry
            waitingCount += 1
            updatePending()
        }
        return startRetryingIfNeeded()
    }

    /// The writes of a retry round: every waiting entry, now in flight; `nil` when none waits, and the retry
    /// loop ends (a later failure starts another).
    package mutating func retryRound() -> [(report: InstallationReport, ticket: Ticket)]? {
        guard waitingCount > 0 else {
            retrying = false
            return nil
        }
        var round: [(report: InstallationReport, ticket: Ticket)] = []
        for (installation, entry) in entries where entry.waiting {
            entries[installation]?.waiting = false
            round.append((entry.report, Ticket(installation: installation, generation: entry.generation)))
        }
        waitingCount = 0
        inFlight += round.count
        return round
    }

    /// A request went on before its write finished.
    package mutating func noteSlowWrite() { metrics.slowWrites += 1 }

    /// A request carried `count` cookies Permit reads but could not understand.
    package mutating func noteIgnoredCookies(_ count: Int) { metrics.ignoredCookies += count }

    /// Counts a report not recorded because its client or installation wrote too fast (``ClientLimits``).
    package mutating func noteRateLimited() { metrics.rateLimited += 1 }

    private mutating func startRetryingIfNeeded() -> Bool {
        guard !retrying, waitingCount > 0 else { return false }
        retrying = true
        return true
    }

    private mutating func updatePending() {
        metrics.pending = entries.count
        metrics.waiting = waitingCount
    }
}

/// What the cookie path counted since the server started: the figures an operator watches for lost writes.
package struct CookieWriteMetrics: Sendable, Hashable, Codable {
    /// Reports written to the registry (a repeated report writes nothing and is not counted).
    package var written = 0
    /// Writes that failed, each attempt counted; each failed report is retried.
    package var failedAttempts = 0
    /// Reports written by a retry after a failed attempt.
    package var recovered = 0
    /// Reports lost because too many installations waited already: the only writes given up.
    package var lost = 0
    /// Installations with a report not yet written (in flight or waiting for a retry), now.
    package var pending = 0
    /// Installations whose report waits for a retry round, now.
    package var waiting = 0
    /// Requests that went on before their write finished (the write outlasted the wait).
    package var slowWrites = 0
    /// Cookies Permit reads that were ignored because they could not be understood.
    package var ignoredCookies = 0
    /// Reports not recorded because their client or installation wrote faster than ``ClientLimits`` allow.
    package var rateLimited = 0
    /// Reports refused because they did not prove they come from their installation: a wrong proof in
    /// `permit_installation`, or none for an installation that has proved itself. Nothing of them is written.
    package var refused = 0

    /// No counts.
    package init() {}
}

extension InstallationReport {
    /// This report with `newer` over it: its token, platform and notification settings when it has them, its
    /// states over these. A report that carries another proof replaces this one whole, so that neither lends the
    /// other what only its own proof admits; but one without a proof never displaces one with a proof (the cookie
    /// writer lets through only proofs that verify): otherwise anyone naming an installation during an outage
    /// would replace its own waiting report with one the registry then refuses, and the installation's report
    /// would be lost.
    fileprivate func merging(_ newer: InstallationReport) -> InstallationReport {
        if case .presented = proof, case .absent = newer.proof { return self }
        guard newer.proof == proof else { return newer }
        return InstallationReport(
            installation: installation, token: newer.token ?? token, platform: newer.platform ?? platform,
            states: states.merging(newer.states) { _, newer in newer }, proof: proof,
            notifications: newer.notifications ?? notifications)
    }
}
