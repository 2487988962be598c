package import Foundation

/// Where the registry keeps installations and the daily grant counts: the server's storage seam.
///
/// An implementation must:
/// - create what it needs in ``prepare()``, which is safe to call again, from several processes;
/// - write a batch of records and their counts in ``save(_:)`` atomically (all or none) and durably, adding
///   the counts to what each day already has (several servers may add to the same day at once);
/// - keep dates to the whole second;
/// - bind every value as a parameter, never splicing it into SQL.
///
/// ``SQLRegistryStorage`` implements it on SQLite and on PostgreSQL; one contract suite checks both.
package protocol RegistryStorage: Sendable {
    /// Creates the tables and indexes if missing.
    func prepare() async throws
    /// The record of `installation`, or `nil` if the registry has none.
    func record(installation: String) async throws -> InstallationRecord?
    /// Writes each record (inserting or replacing) and adds its counts, by kind, to the aggregates of its day,
    /// all in one transaction: one commit for the whole batch.
    func save(_ writes: [RegistryWrite]) async throws
    /// Removes the token from every installation that has it, and returns how many had it.
    func removeToken(_ token: String) async throws -> Int
    /// Deletes the installations last seen before `cutoff`, and the Android ones last seen before
    /// `androidCutoff`; returns how many it deleted.
    func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int
    /// The grant counts of the days from `first` through `last` (`YYYY-MM-DD`), ordered by day and kind.
    func grantDays(from first: String, through last: String) async throws -> [GrantDay]
    /// The number of installations that have a token.
    func tokenCount() async throws -> Int
}

/// One installation's write: its record, and the grant counts its change adds to a day.
package struct RegistryWrite: Sendable, Hashable {
    /// The record to insert or replace.
    package var record: InstallationRecord
    /// The counts to add, by kind.
    package var counts: [String: GrantCounts]
    /// The day the counts belong to, `YYYY-MM-DD` (UTC).
    package var day: String

    /// Creates a write.
    package init(record: InstallationRecord, counts: [String: GrantCounts], day: String) {
        self.record = record
        self.counts = counts
        self.day = day
    }
}

extension RegistryStorage {
    /// Writes `record` (inserting or replacing) and adds `counts`, by kind, to the aggregates of `day`.
    package func save(_ record: InstallationRecord, adding counts: [String: GrantCounts], on day: String) async throws {
        try await save([RegistryWrite(record: record, counts: counts, day: day)])
    }
}
