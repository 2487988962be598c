package import Foundation
package import Logging
import Permit
import PermitSupport

/// Records what installations report, writing only what changed: the registry behind the middleware and the
/// native endpoint.
///
/// The records it last read or wrote are cached in memory for a while (a minute by default), so a request
/// that repeats what is stored costs no database access at all; ``RegistryPlan`` decides each write. Reports of
/// one installation are handled one at a time, so two requests of one installation cannot lose each other's
/// change; reports of different installations proceed concurrently, and their writes are committed together:
/// the first write to find no commit in flight commits every write queued meanwhile in one transaction (group
/// commit), so that a busy server pays one durable commit for many reports, and no report returns before its
/// write is on disk. Tokens are never logged whole.
///
/// Several servers may share one database. Each write names the stored copy it was planned from (its revision),
/// and the storage refuses it when another server wrote the installation since: the registry then reads the
/// record again and plans anew, so that no server writes back a stale copy and each change is counted once,
/// whichever server takes it.
package actor TokenRegistry {
    private let storage: any RegistryStorage
    private let now: @Sendable () -> Date
    private let touchInterval: TimeInterval
    private let logger: Logger
    /// One gate per stripe of installations: a report waits only for those of installations in its stripe,
    /// always including its own installation's.
    private let gates = (0..<TokenRegistry.stripes).map { _ in SerialGate() }
    /// The records last read or written, by installation (the common case, every page request repeating its
    /// cookies, is answered from it without waiting for the actor).
    private nonisolated let cache: RecordCache
    /// Writes waiting for the next commit; the one whose continuation is `nil` belongs to the committer.
    private var queued: [(write: RegistryWrite, waiter: CheckedContinuation<Bool, any Error>?)] = []
    /// Whether a commit is in flight.
    private var committing = false
    /// Reads waiting for the next batch read; the one whose continuation is `nil` belongs to the reader.
    private var readQueue: [(installation: String, waiter: CheckedContinuation<ReadTurn, any Error>?)] = []
    /// Whether a batch read is in flight.
    private var reading = false
    /// What a read waiting in ``readQueue`` is resumed with: its record, read in another's batch, or its turn to
    /// read the next batch.
    private enum ReadTurn {
        case read(InstallationRecord?)
        case lead
    }
    /// The proof key, once read from the storage.
    private nonisolated let proofs = Locked<InstallationProofs?>(nil)
    /// How many times a report is planned again after another server wrote its installation first.
    private static let conflictAttempts = 8

    /// Creates a registry over `storage`.
    ///
    /// - Parameters:
    ///   - touchInterval: how old `lastSeen` may grow before a report that changes nothing refreshes it
    ///     (a day by default: pruning counts in weeks and months).
    ///   - cacheLimit: how many records to keep in memory before the cache starts over.
    ///   - cacheLifetime: how long a cached record answers a report that repeats it; once older, the record is
    ///     read again, since another server sharing the database may have changed it. This bounds how long a
    ///     change made through another server can hide a report that repeats the old state.
    ///   - now: the wall clock; tests pass a fixed or stepped one.
    package init(
        storage: any RegistryStorage, touchInterval: TimeInterval = 86_400, cacheLimit: Int = 100_000,
        cacheLifetime: TimeInterval = 60, logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.storage = storage
        self.touchInterval = touchInterval
        self.cache = RecordCache(limit: cacheLimit, lifetime: cacheLifetime)
        self.logger = logger
        self.now = now
    }

    /// Records `report`; returns whether anything was written.
    @discardableResult
    package nonisolated func record(_ report: InstallationReport) async throws -> Bool {
        if repeatsRecorded(report) { return false }
        return try await recordInTurn(report)
    }

    /// Records `report` after the reports of its installation's stripe that came first.
    private func recordInTurn(_ report: InstallationReport) async throws -> Bool {
        var keyIfNeeded: InstallationProofs?
        if case .presented = report.proof { keyIfNeeded = try await installationProofs() }
        guard let standing = Self.standing(of: report, proofs: keyIfNeeded) else {
            logger.debug("report refused", metadata: ["installation": "\(report.installation)", "reason": "wrong proof"])
            throw ServerError.proofRefused.withDetail(Self.wrongProof)
        }
        return try await gate(for: report.installation).run {
            var stored = try await currentRecord(report.installation)
            for attempt in 1... {
                let time = now()
                let plan = RegistryPlan.plan(
                    stored: stored.record, report: report, standing: standing, now: time, touchInterval: touchInterval)
                switch plan {
                case .refused:
                    if let record = stored.record, let read = stored.read { cache.remember(record, read: read) }
                    logger.debug("report refused", metadata: ["installation": "\(report.installation)", "reason": "no proof"])
                    throw ServerError.proofRefused.withDetail(Self.proofRequired)
                case .nothing:
                    if let record = stored.record, let read = stored.read { cache.remember(record, read: read) }
                    logger.debug("installation unchanged", metadata: ["installation": "\(report.installation)"])
                    return false
                case .write(let record, let counts):
                    let write = RegistryWrite(
                        record: record, counts: counts, day: GrantDay.day(of: time),
                        precondition: stored.record.map { .revision($0.revision) } ?? .absent)
                    do {
                        try await commit(write)
                    } catch let conflict as RegistryConflict {
                        // Another server wrote the installation since it was read: read it again and plan anew.
                        cache.forget(report.installation)
                        guard attempt < Self.conflictAttempts else {
                            throw ServerError.storageFailed.withDetail(
                                "the installation changed \(attempt) times while it was being written (\(conflict))")
                        }
                        logger.debug("installation written by another server first; planning again", metadata: [
                            "installation": "\(report.installation)", "attempt": "\(attempt)",
                        ])
                        stored = (try await storage.record(installation: report.installation), now())
                        // A commit whose answer was lost (a deadline passed, a connection dropped after COMMIT) is
                        // reported as a conflict with the write itself: the record read back is the one written.
                        // Planning anew would refuse it (it now proves the installation: a 403 to a client whose
                        // write landed) or write it again.
                        if let reread = stored.record, Self.isSameContent(reread, as: write.record) {
                            cache.remember(reread, read: stored.read ?? time)
                            logger.info("installation recorded; its write had landed before the storage failed", metadata: [
                                "installation": "\(record.installation)", "token": "\(TokenRedaction.redact(record.token))",
                            ])
                            return true
                        }
                        continue
                    }
                    cache.remember(write.record, read: time)
                    logger.info("installation recorded", metadata: [
                        "installation": "\(record.installation)", "platform": "\(record.platform.rawValue)",
                        "token": "\(TokenRedaction.redact(record.token))",
                        "tokenChanged": "\(record.token != stored.record?.token)", "kinds": "\(counts.keys.sorted())",
                    ])
                    return true
                }
            }
            preconditionFailure("unreachable: the loop returns or throws")
        }
    }

    /// The record of `installation` from the cache while it is fresh, else from the storage, with the time it
    /// was read (`nil` when it comes from the cache, which keeps its own).
    private func currentRecord(_ installation: String) async throws -> (record: InstallationRecord?, read: Date?) {
        if let cached = cache.record(installation, at: now()) { return (cached, nil) }
        let readAt = now()
        return (try await read(installation), readAt)
    }

    /// Reads `installation`'s record together with those of the other reports that miss the cache meanwhile:
    /// the first read to find none in flight reads at once; those that come while it runs wait, and the first of
    /// them then reads all of theirs in one query (``RegistryStorage/records(installations:)``), as ``commit(_:)``
    /// does for writes. A busy server so pays one round trip for many new installations instead of one each.
    private func read(_ installation: String) async throws -> InstallationRecord? {
        if reading {
            switch try await withCheckedThrowingContinuation({ readQueue.append((installation, $0)) }) {
            case .read(let record): return record
            case .lead: break
            }
        } else {
            reading = true
            readQueue.append((installation, nil))
        }
        let batch = readQueue
        readQueue = []
        let found: Result<[String: InstallationRecord], any Error>
        do {
            found = .success(try await storage.records(installations: batch.map(\.installation)))
        } catch {
            found = .failure(error)
        }
        for entry in batch {
            guard let waiter = entry.waiter else { continue }
            switch found {
            case .success(let records): waiter.resume(returning: .read(records[entry.installation]))
            case .failure(let error): waiter.resume(throwing: error)
            }
        }
        if let next = readQueue.first?.waiter {
            readQueue[0].waiter = nil
            next.resume(returning: .lead)
        } else {
            reading = false
        }
        return try found.get()[installation]
    }

    /// Whether recording `report` would write nothing: it repeats the record last read or written for its
    /// installation, read within the cache's lifetime and seen within the touch interval, and is admitted.
    /// Answered from memory, without waiting for the actor; `false` when no fresh copy of the installation's
    /// record is in memory, or the report's proof cannot be checked yet.
    package nonisolated func repeatsRecorded(_ report: InstallationReport) -> Bool {
        let time = now()
        guard let cached = cache.record(report.installation, at: time),
            let standing = Self.standing(of: report, proofs: proofs.withLock { $0 })
        else { return false }
        return RegistryPlan.plan(stored: cached, report: report, standing: standing, now: time, touchInterval: touchInterval)
            == .nothing
    }

    // MARK: - Proofs

    /// The registry's proofs: its storage's key (``RegistryStorage/proofKey()``), read once.
    package nonisolated func installationProofs() async throws -> InstallationProofs {
        if let loaded = proofs.withLock({ $0 }) { return loaded }
        let loaded = InstallationProofs(key: try await storage.proofKey())
        proofs.withLock { $0 = loaded }
        return loaded
    }

    /// What `report` proves, or `nil` when it presents a proof that is not its installation's (or one that
    /// cannot be checked, without `proofs`).
    private static func standing(of report: InstallationReport, proofs: InstallationProofs?) -> RegistryPlan.Standing? {
        switch report.proof {
        case .absent: .unproven
        case .claim: .claiming
        case .presented(let proof): proofs?.verifies(proof, for: report.installation) == true ? .proven : nil
        }
    }

    /// The reason given for a proof that is not the installation's.
    package static let wrongProof = "the proof is not this installation's"
    /// Whether `stored` holds what `written` wrote, whatever revision the storage gave it.
    static func isSameContent(_ stored: InstallationRecord, as written: InstallationRecord) -> Bool {
        var written = written
        written.revision = stored.revision
        return written == stored
    }

    /// The reason given for a report without a proof, of an installation that has proved itself.
    package static let proofRequired = "this installation has a proof; send it"

    /// Removes `token` from the registry (FCM or APNs said it is no longer valid); returns how many
    /// installations had it.
    @discardableResult
    package func removeToken(_ token: String) async throws -> Int {
        let removed = try await storage.removeToken(token)
        cache.forget(token: token)
        logger.info("token removed", metadata: ["token": "\(TokenRedaction.redact(token))", "installations": "\(removed)"])
        return removed
    }

    /// Removes `token` where it was last registered before `unregisteredAt` (APNs' 410 time; every
    /// installation when `nil`), and returns how many installations had it then
    /// (``TokenHealthStorage/removeToken(_:unregisteredAt:)``).
    ///
    /// - Throws: ``ServerError/storageFailed`` when the storage keeps no registration times.
    @discardableResult
    package func removeToken(_ token: String, unregisteredAt: Date?) async throws -> Int {
        guard let health = storage as? any TokenHealthStorage else {
            throw ServerError.storageFailed.withDetail("this storage keeps no token registration times")
        }
        let removed = try await health.removeToken(token, unregisteredAt: unregisteredAt)
        cache.forget(token: token)
        logger.info(removed > 0 ? "token removed" : "token kept: registered after APNs saw it unregistered", metadata: [
            "token": "\(TokenRedaction.redact(token))", "installations": "\(removed)",
        ])
        return removed
    }

    /// Quarantines `token` (``InstallationRecord/quarantined``): kept, but not sent to until a report carries
    /// another token or environment; returns how many installations had it.
    ///
    /// - Throws: ``ServerError/storageFailed`` when the storage cannot quarantine.
    @discardableResult
    package func quarantineToken(_ token: String) async throws -> Int {
        guard let health = storage as? any TokenHealthStorage else {
            throw ServerError.storageFailed.withDetail("this storage cannot quarantine tokens")
        }
        let quarantined = try await health.quarantineToken(token)
        cache.forget(token: token)
        logger.info("token quarantined", metadata: ["token": "\(TokenRedaction.redact(token))", "installations": "\(quarantined)"])
        return quarantined
    }

    /// Deletes everything the registry keeps of `installation` (the daily aggregates, which name no one, stay);
    /// returns whether it had any. A later report of the installation records it anew.
    @discardableResult
    package func deleteInstallation(_ installation: String) async throws -> Bool {
        try await gate(for: installation).run {
            let deleted = try await storage.deleteInstallation(installation)
            cache.forget(installation)
            logger.info("installation deleted", metadata: ["installation": "\(installation)", "found": "\(deleted)"])
            return deleted
        }
    }

    /// Forgets the cached records, so that the next report of each installation reads the storage again
    /// (after pruning, or when another server process may have written).
    package func forgetCache() {
        cache.forgetAll()
    }

    /// How many writes wait for the commit in flight to finish (for tests and metrics).
    package var queuedWriteCount: Int { queued.count }

    /// How many reads wait for the batch read in flight to finish (for tests).
    package var queuedReadCount: Int { readQueue.filter { $0.waiter != nil }.count }

    /// Returns once `write` is committed, with whatever other writes were queued meanwhile.
    ///
    /// With no commit in flight, the caller commits the queue, its own write included, then hands the next queue
    /// to the first write queued during its commit (resuming it with `true`) and returns. A write queued behind
    /// a commit waits to be resumed: `false` when another caller committed it, `true` when it must commit.
    private func commit(_ write: RegistryWrite) async throws {
        if committing {
            let mustCommit = try await withCheckedThrowingContinuation { queued.append((write, $0)) }
            guard mustCommit else { return }
        } else {
            committing = true
            queued.append((write, nil))
        }
        let batch = queued
        queued = []
        var failures: [Int: any Error] = [:]
        do {
            try await storage.save(batch.map(\.write))
        } catch where batch.count > 1 && (error as? ServerError)?.isOutage != true {
            // One bad write must not fail the others: each is tried on its own.
            for (index, entry) in batch.enumerated() {
                do { try await storage.save([entry.write]) } catch { failures[index] = error }
            }
        } catch {
            // A storage that is down or did not answer in time would not take each write on its own either
            // (trying them one by one, each up to its deadline, held every write behind them): all fail.
            for index in batch.indices { failures[index] = error }
        }
        var ownFailure: (any Error)?
        for (index, entry) in batch.enumerated() {
            guard let waiter = entry.waiter else {
                ownFailure = failures[index]
                continue
            }
            if let failure = failures[index] { waiter.resume(throwing: failure) } else { waiter.resume(returning: false) }
        }
        if let next = queued.first?.waiter {
            queued[0].waiter = nil
            next.resume(returning: true)
        } else {
            committing = false
        }
        if let ownFailure { throw ownFailure }
    }

    /// The gate of `installation`'s stripe.
    private func gate(for installation: String) -> SerialGate {
        gates[Self.stripe(of: installation)]
    }

    /// How many stripes of installations the registry has: reports in one stripe are handled one at a time.
    package static let stripes = 64

    /// The stripe of `installation`, by a hash that is stable for the process's life (tests pick installations
    /// in different stripes with it).
    package static func stripe(of installation: String) -> Int {
        var hash: UInt32 = 2_166_136_261  // FNV-1a
        for byte in installation.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(stripes))
    }

    /// The UTC day of `date`, as `YYYY-MM-DD` (``GrantDay/day(of:)``).
    package static func day(of date: Date) -> String { GrantDay.day(of: date) }
}
