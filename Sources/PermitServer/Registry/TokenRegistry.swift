package import Foundation
package import Logging
import Permit
import PermitSupport

/// Records what installations report, writing only what changed: the registry behind the middleware and the
/// native endpoint.
///
/// The records it last read or wrote are cached in memory, so a request that repeats what is stored costs
/// no database access at all; ``RegistryPlan`` decides each write. Reports of one installation are handled one
/// at a time, so two requests of one installation cannot lose each other's change; reports of different
/// installations proceed concurrently, and their writes are committed together: the first write to find no
/// commit in flight commits every write queued meanwhile in one transaction (group commit), so that a busy
/// server pays one durable commit for many reports, and no report returns before its write is on disk.
/// Tokens are never logged whole.
package actor TokenRegistry {
    private let storage: any RegistryStorage
    private let now: @Sendable () -> Date
    private let touchInterval: TimeInterval
    private let logger: Logger
    /// One gate per stripe of installations: a report waits only for those of installations in its stripe,
    /// always including its own installation's.
    private let gates = (0..<64).map { _ in SerialGate() }
    /// The records last read or written, by installation; behind a lock so that a report that changes nothing
    /// is answered without waiting for the actor (the common case: every page request repeats its cookies).
    private nonisolated let cache = Locked<[String: InstallationRecord]>([:])
    /// Writes waiting for the next commit; the one whose continuation is `nil` belongs to the committer.
    private var queued: [(write: RegistryWrite, waiter: CheckedContinuation<Bool, any Error>?)] = []
    /// Whether a commit is in flight.
    private var committing = false
    private let cacheLimit: Int

    /// Creates a registry over `storage`.
    ///
    /// - Parameters:
    ///   - touchInterval: how old `lastSeen` may grow before a report that changes nothing refreshes it
    ///     (a day by default: pruning counts in weeks and months).
    ///   - now: the wall clock; tests pass a fixed or stepped one.
    ///   - cacheLimit: how many records to keep in memory before the cache starts over.
    package init(
        storage: any RegistryStorage, touchInterval: TimeInterval = 86_400, cacheLimit: Int = 100_000,
        logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.storage = storage
        self.touchInterval = touchInterval
        self.cacheLimit = cacheLimit
        self.logger = logger
        self.now = now
    }

    /// Records `report`; returns whether anything was written.
    @discardableResult
    package nonisolated func record(_ report: InstallationReport) async throws -> Bool {
        if let cached = cache.withLock({ $0[report.installation] }),
            RegistryPlan.plan(stored: cached, report: report, now: now(), touchInterval: touchInterval) == .nothing
        {
            return false
        }
        return try await recordInTurn(report)
    }

    /// Records `report` after the reports of its installation's stripe that came first.
    private func recordInTurn(_ report: InstallationReport) async throws -> Bool {
        try await gate(for: report.installation).run {
            let stored: InstallationRecord?
            if let cached = cache.withLock({ $0[report.installation] }) {
                stored = cached
            } else {
                stored = try await storage.record(installation: report.installation)
            }
            let time = now()
            switch RegistryPlan.plan(stored: stored, report: report, now: time, touchInterval: touchInterval) {
            case .nothing:
                remember(stored)
                logger.debug("installation unchanged", metadata: ["installation": "\(report.installation)"])
                return false
            case .write(let record, let counts):
                try await commit(RegistryWrite(record: record, counts: counts, day: Self.day(of: time)))
                remember(record)
                logger.info("installation recorded", metadata: [
                    "installation": "\(record.installation)", "platform": "\(record.platform.rawValue)",
                    "token": "\(TokenRedaction.redact(record.token))",
                    "tokenChanged": "\(record.token != stored?.token)", "kinds": "\(counts.keys.sorted())",
                ])
                return true
            }
        }
    }

    /// Whether recording `report` would write nothing: it repeats the record last read or written for its
    /// installation, seen within the touch interval. Answered from memory, without waiting for the actor;
    /// `false` when the installation's record is not in memory.
    package nonisolated func repeatsRecorded(_ report: InstallationReport) -> Bool {
        guard let cached = cache.withLock({ $0[report.installation] }) else { return false }
        return RegistryPlan.plan(stored: cached, report: report, now: now(), touchInterval: touchInterval) == .nothing
    }

    /// Removes `token` from the registry (FCM or APNs said it is no longer valid); returns how many
    /// installations had it.
    @discardableResult
    package func removeToken(_ token: String) async throws -> Int {
        let removed = try await storage.removeToken(token)
        cache.withLock { cache in
            for (installation, record) in cache where record.token == token { cache[installation]?.token = nil }
        }
        logger.info("token removed", metadata: ["token": "\(TokenRedaction.redact(token))", "installations": "\(removed)"])
        return removed
    }

    /// Forgets the cached records, so that the next report of each installation reads the storage again
    /// (after pruning, or when another server process may have written).
    package func forgetCache() {
        cache.withLock { $0.removeAll() }
    }

    /// How many writes wait for the commit in flight to finish (for tests and metrics).
    package var queuedWriteCount: Int { queued.count }

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
        } catch where batch.count > 1 {
            // One bad write must not fail the others: each is tried on its own.
            for (index, entry) in batch.enumerated() {
                do { try await storage.save([entry.write]) } catch { failures[index] = error }
            }
        } catch {
            failures[0] = error
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

    /// The gate of `installation`'s stripe, chosen by a hash that is stable for the process's life.
    private func gate(for installation: String) -> SerialGate {
        var hash: UInt32 = 2_166_136_261  // FNV-1a
        for byte in installation.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return gates[Int(hash % UInt32(gates.count))]
    }

    /// The UTC day of `date`, as `YYYY-MM-DD`.
    package static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    private func remember(_ record: InstallationRecord?) {
        guard let record else { return }
        cache.withLock { cache in
            if cache.count >= cacheLimit, cache[record.installation] == nil { cache.removeAll(keepingCapacity: true) }
            cache[record.installation] = record
        }
    }
}
