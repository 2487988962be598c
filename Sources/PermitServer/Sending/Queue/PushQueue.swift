package import Foundation

/// A durable queue of pushes in the registry's own database: what `POST /permit/push` and `permit push` fill,
/// and what ``PushQueueWorker``s drain, in one process or in several sharing a PostgreSQL database.
///
/// Queuing a notification writes it and one send per selected installation in one transaction. A worker
/// claims due sends by moving their `due` time past a lease in one statement (with `FOR UPDATE SKIP LOCKED` on
/// PostgreSQL, so that workers of several servers claim different sends without waiting for each other), sends
/// them, and records each outcome; a send whose worker died is claimed again once its lease runs out. Delivery
/// is therefore at least once: each send carries its idempotency key (``PushTarget/idempotencyKey``) on every
/// attempt, so that a receiver can drop a repeat.
package struct PushQueue: Sendable {
    let executor: any SQLExecutor

    /// Creates the queue over the registry's `executor`, whose tables ``SQLRegistryStorage/prepare()`` created.
    init(executor: any SQLExecutor) {
        self.executor = executor
    }

    // MARK: - Queuing

    /// Queues `message` for the installations of `selection` that have a token that is not quarantined, and
    /// returns the notification's identifier and how many sends it made.
    package func enqueue(_ message: PushMessage, to selection: PushSelection, at now: Date) async throws -> (push: String, sends: Int) {
        let push = UUID().uuidString.lowercased()
        let created = SQLValue.integer(Self.milliseconds(now))
        let sends = try await executor.transaction([
            SQLStatement(
                "INSERT INTO permit_pushes (push, created, message, selection) VALUES ($1, $2, $3, $4)",
                try Self.pushRow(push, created, message, selection)),
            Self.sends(of: push, to: selection, at: created),
        ])
        return (push, sends)
    }

    /// What ``enqueueOnce(_:to:as:at:)`` did.
    package enum OnceOutcome: Sendable, Hashable {
        /// The notification is queued, with one send or more.
        case queued
        /// A notification with that identifier was queued before: nothing was.
        case alreadyQueued
        /// No installation of the selection has a token that is not quarantined: nothing was queued or kept.
        case noSends
    }

    /// Queues `message` for `selection` as notification `push`, an identifier the caller makes from what names the
    /// message (a Web Push message's subscription and salt), so that the same message arriving twice, even at once
    /// on two servers, is queued once. A notification that would make no send is not kept.
    package func enqueueOnce(_ message: PushMessage, to selection: PushSelection, as push: String, at now: Date) async throws -> OnceOutcome {
        let created = SQLValue.integer(Self.milliseconds(now))
        // The sends first, then the notification, only when a send was made: the last statement's count tells a
        // new notification (1) from one queued before or one without sends (0), and the sends of one queued before
        // are already there, so neither statement writes anything for it (a concurrent copy waits on the unique
        // index, then does nothing).
        let sends = Self.sends(of: push, to: selection, at: created)
        let inserted = try await executor.transaction([
            SQLStatement(
                sends.sql + " AND NOT EXISTS (SELECT 1 FROM permit_pushes WHERE push = $\(sends.values.count + 1)) ON CONFLICT (send) DO NOTHING",
                sends.values + [.text(push)]),
            SQLStatement(
                """
                INSERT INTO permit_pushes (push, created, message, selection) SELECT $1, $2, $3, $4
                WHERE EXISTS (SELECT 1 FROM permit_push_sends WHERE push = $5) ON CONFLICT (push) DO NOTHING
                """,
                try Self.pushRow(push, created, message, selection) + [.text(push)]),
        ])
        guard inserted == 0 else { return .queued }
        let queuedBefore = try await executor.rows(SQLStatement("SELECT 1 FROM permit_pushes WHERE push = $1", [.text(push)]))
        return queuedBefore.isEmpty ? .noSends : .alreadyQueued
    }

    /// A `permit_pushes` row's values, in its columns' order (push, created, message, selection): the message and
    /// the selection as JSON with sorted keys.
    private static func pushRow(
        _ push: String, _ created: SQLValue, _ message: PushMessage, _ selection: PushSelection
    ) throws -> [SQLValue] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return [
            .text(push), created, .text(String(decoding: try encoder.encode(message), as: UTF8.self)),
            .text(String(decoding: try encoder.encode(selection), as: UTF8.self)),
        ]
    }

    /// The statement that makes notification `push`'s sends: one per installation of `selection` with a token that
    /// is not quarantined, each due at `created`.
    private static func sends(of push: String, to selection: PushSelection, at created: SQLValue) -> SQLStatement {
        let condition = selection.condition(firstValue: 3)
        return SQLStatement(
            """
            INSERT INTO permit_push_sends (send, push, installation, token, platform, environment, state, attempts, due)
            SELECT $1 || ':' || installation, $1, installation, token, platform, environment, 'queued', 0, $2
            FROM permit_installations WHERE token IS NOT NULL AND quarantined = 0 AND \(condition.sql)
            """, [.text(push), created] + condition.values)
    }

    // MARK: - Draining

    /// One claimed send.
    package struct Claim: Sendable, Hashable {
        /// The send's identifier, its idempotency key.
        package var send: String
        /// The notification it belongs to.
        package var push: String
        /// The installation it goes to.
        package var installation: String
        /// Where it goes.
        package var target: PushTarget
        /// The installation's platform.
        package var platform: Platform
        /// This attempt's number, from 1.
        package var attempt: Int
    }

    /// Claims up to `limit` sends due at `now` for `lease`: no other worker claims them until the lease runs out.
    package func claim(limit: Int, at now: Date, lease: Duration) async throws -> [Claim] {
        let time = Self.milliseconds(now)
        let until = time + Self.milliseconds(lease)
        let skipLocked = executor.skipsLockedRows ? " FOR UPDATE SKIP LOCKED" : ""
        let rows = try await executor.rows(SQLStatement(
            """
            UPDATE permit_push_sends SET due = $1, attempts = attempts + 1
            WHERE send IN (
                SELECT send FROM permit_push_sends WHERE state = 'queued' AND due <= $2 ORDER BY due LIMIT $3\(skipLocked))
            RETURNING send, push, installation, token, platform, environment, attempts
            """, [.integer(until), .integer(time), .integer(Int64(limit))]))
        return try rows.map { row in
            guard row.count == 7, let send = row[0].text, let push = row[1].text, let installation = row[2].text,
                let token = row[3].text, let platform = row[4].text.flatMap(Platform.init(rawValue:)),
                let attempts = row[6].integer
            else { throw ServerError.storageCorrupt.withDetail("a queued send of unexpected shape") }
            let environment = row[5].text.flatMap(APNsEnvironment.init(rawValue:)) ?? .production
            return Claim(
                send: send, push: push, installation: installation,
                target: PushTarget(token: token, environment: environment, idempotencyKey: send), platform: platform,
                attempt: Int(attempts))
        }
    }

    /// What became of one claimed send.
    package enum Result: Sendable, Hashable {
        /// It ended so.
        case finished(PushOutcome)
        /// It is queued again, due at this time, after this reason.
        case retry(due: Date, reason: String)
    }

    /// Records the results of claimed sends, in one transaction: one statement per outcome and reason (a batch
    /// that was delivered is one statement), and one per retry.
    package func record(_ results: [(send: String, result: Result)]) async throws {
        guard !results.isEmpty else { return }
        var finished: [Ending: [String]] = [:]
        var statements: [SQLStatement] = []
        for (send, result) in results.sorted(by: { $0.send < $1.send }) {
            switch result {
            case .finished(let outcome):
                finished[Ending(state: PushSendState(outcome).rawValue, detail: Self.detail(outcome)), default: []].append(send)
            case .retry(let due, let reason):
                statements.append(SQLStatement(
                    "UPDATE permit_push_sends SET due = $1, detail = $2 WHERE send = $3 AND state = 'queued'",
                    [.integer(Self.milliseconds(due)), .text(reason), .text(send)]))
            }
        }
        for (ending, sends) in finished.sorted(by: { ($0.key.state, $0.key.detail) < ($1.key.state, $1.key.detail) }) {
            for start in stride(from: 0, to: sends.count, by: Self.recordChunk) {
                let chunk = sends[start..<min(start + Self.recordChunk, sends.count)]
                let placeholders = chunk.indices.map { "$\($0 - start + 3)" }.joined(separator: ", ")
                statements.append(SQLStatement(
                    "UPDATE permit_push_sends SET state = $1, detail = $2 WHERE state = 'queued' AND send IN (\(placeholders))",
                    [.text(ending.state), .text(ending.detail)] + chunk.map(SQLValue.text)))
            }
        }
        try await executor.transaction(statements)
    }

    /// How a send ended: its state and its line.
    private struct Ending: Hashable {
        var state: String
        var detail: String
    }

    /// How many sends one statement records (well under either engine's limit on values).
    private static let recordChunk = 500

    /// The message of notification `push`, or `nil` when no such notification is queued.
    package func message(of push: String) async throws -> PushMessage? {
        let rows = try await executor.rows(SQLStatement("SELECT message FROM permit_pushes WHERE push = $1", [.text(push)]))
        guard let json = rows.first?.first?.text else { return nil }
        guard let message = try? JSONDecoder().decode(PushMessage.self, from: Data(json.utf8)) else {
            throw ServerError.storageCorrupt.withDetail("a queued message of unexpected shape")
        }
        return message
    }

    // MARK: - Coding

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// The line recorded for `outcome`: its reason, never a token.
    static func detail(_ outcome: PushOutcome) -> String {
        switch outcome {
        case .delivered(let attempts): "attempts: \(attempts)"
        case .tokenRemoved(let reason), .tokenKept(let reason), .tokenQuarantined(let reason), .rejected(let reason),
            .failed(let reason):
            reason
        case .gaveUp(let attempts, let lastReason): "gave up after \(attempts) attempts: \(lastReason)"
        }
    }
}

extension SQLRegistryStorage {
    /// The push queue in this registry's database.
    package var pushQueue: PushQueue { PushQueue(executor: executor) }
}
