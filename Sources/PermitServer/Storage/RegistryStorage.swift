package import Foundation

/// Where the registry keeps installations and the daily grant counts: the server's storage seam.
///
/// An implementation must:
/// - create what it needs in ``prepare()``, which is safe to call again, from several processes, and brings a
///   registry of an earlier schema up to date in place, keeping what it holds;
/// - write a batch of records and their counts in ``save(_:)`` atomically (all or none) and durably, adding
///   the counts to what each day already has (several servers may add to the same day at once);
/// - write a record only over the stored copy its write names (``RegistryWrite/Precondition``): when another
///   server changed or created the installation since, write nothing of the batch and throw
///   ``RegistryConflict``;
/// - keep dates to the whole second;
/// - bind every value as a parameter, never splicing it into SQL.
///
/// ``SQLRegistryStorage`` implements it on SQLite and on PostgreSQL; one contract suite checks both.
package protocol RegistryStorage: Sendable {
    /// Creates the tables and indexes if missing, and migrates those of an earlier schema.
    func prepare() async throws
    /// The record of `installation`, or `nil` if the registry has none.
    func record(installation: String) async throws -> InstallationRecord?
    /// The records of `installations` that the registry has, by installation: one read for many (the registry
    /// reads the installations of concurrent reports together). The default reads them one at a time with
    /// ``record(installation:)``.
    func records(installations: [String]) async throws -> [String: InstallationRecord]
    /// Writes each record and adds its counts, by kind, to the aggregates of its day, all in one transaction:
    /// one commit for the whole batch. Each stored record takes its write's revision.
    ///
    /// - Throws: ``RegistryConflict`` when a write's precondition does not hold; nothing of the batch is written.
    func save(_ writes: [RegistryWrite]) async throws
    /// Removes the token from every installation that has it, and returns how many had it. Each record it
    /// changes gets a new revision, so that no server writes the token back from its copy.
    func removeToken(_ token: String) async throws -> Int
    /// Deletes everything the registry keeps of `installation` (the daily aggregates, which name no one,
    /// stay); returns whether it had any.
    func deleteInstallation(_ installation: String) async throws -> Bool
    /// Deletes the installations last seen before `cutoff`, and the Android ones last seen before
    /// `androidCutoff`; returns how many it deleted.
    func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int
    /// The grant counts of the days from `first` through `last` (`YYYY-MM-DD`), ordered by day and kind.
    func grantDays(from first: String, through last: String) async throws -> [GrantDay]
    /// The number of installations that have a token.
    func tokenCount() async throws -> Int
    /// How many installations reported their notification settings, and how many of them are silent only
    /// (``InstallationRecord/silentOnly``), as stored now.
    func notificationCounts() async throws -> NotificationCounts
    /// The key of the installations' proofs (``InstallationProofs/keyBytes`` bytes), kept in the registry itself
    /// so that every server sharing it checks the others' proofs: created at the first call on a registry, the
    /// same at every call after, from any process.
    func proofKey() async throws -> [UInt8]
}

/// One installation's write: its record, the grant counts its change adds to a day, and the stored copy it
/// replaces.
package struct RegistryWrite: Sendable, Hashable {
    /// What a write expects to find stored, so that no server writes over a change it has not read.
    package enum Precondition: Sendable, Hashable {
        /// No record of the installation: the write creates it.
        case absent
        /// The record of this revision (``InstallationRecord/revision``).
        case revision(Int64)
        /// Whatever is stored: for tools and tests that write without reading first, never for reports.
        case anything
    }

    /// The record to store; its ``InstallationRecord/revision`` is the new one, drawn when the write is made.
    package var record: InstallationRecord
    /// The counts to add, by kind.
    package var counts: [String: GrantCounts]
    /// The day the counts belong to, `YYYY-MM-DD` (UTC).
    package var day: String
    /// The stored copy the write replaces.
    package var precondition: Precondition

    /// Creates a write of `record` under a new revision.
    package init(record: InstallationRecord, counts: [String: GrantCounts], day: String, precondition: Precondition = .anything) {
        self.record = record
        self.record.revision = Self.newRevision()
        self.counts = counts
        self.day = day
        self.precondition = precondition
    }

    /// A new revision: random, so that two servers' writes never share one, and below 2^62, so that a storage
    /// can step it on (``RegistryStorage/removeToken(_:)``) without overflow.
    static func newRevision() -> Int64 { Int64.random(in: 1...(1 << 62)) }
}

extension RegistryStorage {
    package func records(installations: [String]) async throws -> [String: InstallationRecord] {
        var found: [String: InstallationRecord] = [:]
        for installation in Set(installations) {
            if let record = try await record(installation: installation) { found[installation] = record }
        }
        return found
    }

    /// Writes `record` (inserting or replacing whatever is stored) and adds `counts`, by kind, to the aggregates
    /// of `day`.
    package func save(
        _ record: InstallationRecord, adding counts: [String: GrantCounts], on day: String,
        precondition: RegistryWrite.Precondition = .anything
    ) async throws {
        try await save([RegistryWrite(record: record, counts: counts, day: day, precondition: precondition)])
    }
}
