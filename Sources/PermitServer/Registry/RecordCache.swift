package import Foundation
import PermitSupport

/// The records a registry last read or wrote, by installation, each with the time it was read: behind a lock,
/// so that a report that changes nothing is answered without waiting for the registry's actor.
///
/// A copy older than the lifetime is not used: another server sharing the database may have changed the record
/// since, and a report that merely repeats the old copy would otherwise go unrecorded. (A write never relies on
/// the copy being current: its precondition names the copy's revision, and a stale one is read again.)
package final class RecordCache: Sendable {
    private let entries = Locked<[String: (record: InstallationRecord, read: Date)]>([:])
    private let limit: Int
    private let lifetime: TimeInterval

    /// Creates an empty cache that keeps up to `limit` records, each for `lifetime` seconds after it was read.
    package init(limit: Int, lifetime: TimeInterval) {
        self.limit = limit
        self.lifetime = lifetime
    }

    /// The record of `installation`, if one was read less than the lifetime before `now`.
    package func record(_ installation: String, at now: Date) -> InstallationRecord? {
        entries.withLock { entries in
            guard let entry = entries[installation], now.timeIntervalSince(entry.read) < lifetime else { return nil }
            return entry.record
        }
    }

    /// Keeps `record`, as read (or written) at `read`; the cache starts over when it is full.
    package func remember(_ record: InstallationRecord, read: Date) {
        entries.withLock { entries in
            if entries.count >= limit, entries[record.installation] == nil { entries.removeAll(keepingCapacity: true) }
            entries[record.installation] = (record, read)
        }
    }

    /// Forgets the record of `installation`.
    package func forget(_ installation: String) {
        _ = entries.withLock { $0.removeValue(forKey: installation) }
    }

    /// Forgets every record that has `token`.
    package func forget(token: String) {
        entries.withLock { entries in
            for (installation, entry) in entries where entry.record.token == token { entries[installation] = nil }
        }
    }

    /// Forgets every record.
    package func forgetAll() {
        entries.withLock { $0.removeAll() }
    }
}
