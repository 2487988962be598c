/// Runs the registry's SQL on one database engine: the seam between ``SQLRegistryStorage``, which holds all
/// of the registry's SQL, and an engine's client.
///
/// An implementation must:
/// - bind every value as a parameter (`$1`, `$2`, … appear in the text in increasing order);
/// - run the statements of one ``transaction(_:)`` atomically and durably: all of them or none, committed
///   to stable storage before it returns;
/// - be safe to call from many tasks at once;
/// - return each row's columns in the statement's order, an integer column as ``SQLValue/integer(_:)``,
///   a text column as ``SQLValue/text(_:)`` and `NULL` as ``SQLValue/null``.
package protocol SQLExecutor: Sendable {
    /// Runs one statement and returns its rows.
    func rows(_ statement: SQLStatement) async throws -> [[SQLValue]]
    /// Runs the statements in one transaction and returns the number of rows the last one changed.
    @discardableResult
    func transaction(_ statements: [SQLStatement]) async throws -> Int
    /// A statement that, run first in a transaction, keeps every other process's schema change waiting until
    /// the transaction ends; `nil` when the engine's transactions already do (SQLite's `BEGIN IMMEDIATE`).
    var schemaLock: SQLStatement? { get }
    /// Whether a `SELECT … FOR UPDATE SKIP LOCKED` lets several processes claim rows at once without waiting for
    /// each other (PostgreSQL); `false` where one writer at a time already serializes claims (SQLite).
    var skipsLockedRows: Bool { get }
}

extension SQLExecutor {
    /// `false`: claims are serialized by the engine's single writer.
    package var skipsLockedRows: Bool { false }
}
