package import Foundation
package import Logging
import Permit

/// Records what installations report, writing only what changed: the registry behind the middleware and the
/// native endpoint.
///
/// The records it last read or wrote are cached in memory, so a request that repeats what is stored costs
/// no database access at all; ``RegistryPlan`` decides each write. Reports of one installation are handled one
/// at a time, so two requests of one installation cannot lose each other's change; reports of different
/// installations go to the storage concurrently, so that PostgreSQL can commit them together (SQLite's one
/// connection still takes them in turn). Tokens are never logged whole.
package actor TokenRegistry {
    private let storage: any RegistryStorage
    private let now: @Sendable () -> Date
    private let touchInterval: TimeInterval
    private let logger: Logger
    /// One gate per stripe of installations: a report waits only for those of installations in its stripe,
    /// always including its own installation's.
    private let gates = (0..<64).map { _ in SerialGate() }
    private var cache: [String: InstallationRecord] = [:]
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
    package func record(_ report: InstallationReport) async throws -> Bool {
        try await gate(for: report.installation).run {
            let stored: InstallationRecord?
            if let cached = cache[report.installation] {
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
                try await storage.save(record, adding: counts, on: Self.day(of: time))
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

    /// Removes `token` from the registry (FCM or APNs said it is no longer valid); returns how many
    /// installations had it.
    @discardableResult
    package func removeToken(_ token: String) async throws -> Int {
        let removed = try await storage.removeToken(token)
        for (installation, record) in cache where record.token == token { cache[installation]?.token = nil }
        logger.info("token removed", metadata: ["token": "\(TokenRedaction.redact(token))", "installations": "\(removed)"])
        return removed
    }

    /// Forgets the cached records, so that the next report of each installation reads the storage again
    /// (after pruning, or when another server process may have written).
    package func forgetCache() {
        cache.removeAll()
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
        if cache.count >= cacheLimit, cache[record.installation] == nil { cache.removeAll(keepingCapacity: true) }
        cache[record.installation] = record
    }
}
