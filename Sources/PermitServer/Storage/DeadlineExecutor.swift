/// Gives every statement and transaction of another executor a deadline: the server's one place where a
/// database call is bounded in time, whichever engine runs it.
///
/// A call that has not returned within ``limit`` throws ``ServerError/storageTimedOut``, so that a database
/// that stops answering (a PostgreSQL outage, an SQLite file locked by another process) fails what is in flight
/// instead of holding it, and the registry's group commit and gates move on. The engine reconnects by itself:
/// PostgreSQL's pool opens new connections when the database is back.
package struct DeadlineExecutor: SQLExecutor {
    private let base: any SQLExecutor
    /// How long one call may take.
    package let limit: Duration

    /// Wraps `base`, bounding each call by `limit`.
    package init(_ base: any SQLExecutor, limit: Duration) {
        self.base = base
        self.limit = limit
    }

    package var schemaLock: SQLStatement? { base.schemaLock }

    package var skipsLockedRows: Bool { base.skipsLockedRows }

    package func rows(_ statement: SQLStatement) async throws -> [[SQLValue]] {
        try await Deadline.run(within: limit, "a statement") { [base] in try await base.rows(statement) }
    }

    @discardableResult
    package func transaction(_ statements: [SQLStatement]) async throws -> Int {
        try await Deadline.run(within: limit, "a transaction") { [base] in try await base.transaction(statements) }
    }
}
