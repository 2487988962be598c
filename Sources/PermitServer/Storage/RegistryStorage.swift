package import Foundation

/// Where the registry keeps installations and the daily grant counts: the server's storage seam.
///
/// An implementation must:
/// - create what it needs in ``prepare()``, which is safe to call again, from several processes;
/// - write a record and its counts in ``save(_:adding:on:)`` atomically and durably, adding the counts to
///   what the day already has (several servers may add to the same day at once);
/// - keep dates to the whole second;
/// - bind every value as a parameter, never splicing it into SQL.
///
/// ``SQLRegistryStorage`` implements it on SQLite and on PostgreSQL; one contract suite checks both.
package protocol RegistryStorage: Sendable {
    /// Creates the tables and indexes if missing.
    func prepare() async throws
    /// The record of `installation`, or `nil` if the registry has none.
    func record(installation: String) async throws -> InstallationRecord?
    /// Writes `record` (inserting or replacing) and adds `counts`, by kind, to the aggregates of `day`.
    func save(_ record: InstallationRecord, adding counts: [String: GrantCounts], on day: String) async throws
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
