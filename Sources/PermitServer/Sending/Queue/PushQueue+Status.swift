package import Foundation

/// Where one queued notification stands: its sends counted by state, and each send's own record, as
/// `GET /permit/push/ID` and `permit push --status ID` give it.
package struct PushStatus: Sendable, Hashable, Codable {
    /// One send: the installation, its state, the attempts made and how it ended.
    package struct Send: Sendable, Hashable, Codable {
        /// The installation it went to.
        package var installation: String
        /// Where it stands (``PushSendState``).
        package var state: PushSendState
        /// How many attempts were made.
        package var attempts: Int
        /// How it ended, or why it waits: a reason, never a token.
        package var detail: String?
    }

    /// The notification's identifier.
    package var push: String
    /// When it was queued.
    package var created: Date
    /// How many sends it made.
    package var sends: Int
    /// How many sends are in each state, by ``PushSendState`` raw value; states no send is in are left out.
    package var states: [String: Int]
    /// Whether every send has ended.
    package var finished: Bool
    /// The first ``PushQueue/listedSends`` sends, by installation.
    package var list: [Send]
}

extension PushQueue {
    /// How many sends a status lists one by one.
    package static let listedSends = 1_000

    /// The status of notification `push`, or `nil` when there is no such notification.
    package func status(of push: String) async throws -> PushStatus? {
        let head = try await executor.rows(SQLStatement("SELECT created FROM permit_pushes WHERE push = $1", [.text(push)]))
        guard let created = head.first?.first?.integer else { return nil }
        let counts = try await executor.rows(SQLStatement(
            "SELECT state, CAST(COUNT(*) AS BIGINT) FROM permit_push_sends WHERE push = $1 GROUP BY state", [.text(push)]))
        var states: [String: Int] = [:]
        for row in counts {
            guard row.count == 2, let state = row[0].text, let count = row[1].integer else {
                throw ServerError.storageCorrupt.withDetail("a send count of unexpected shape")
            }
            states[state] = Int(count)
        }
        let rows = try await executor.rows(SQLStatement(
            """
            SELECT installation, state, attempts, detail FROM permit_push_sends WHERE push = $1
            ORDER BY installation LIMIT $2
            """, [.text(push), .integer(Int64(Self.listedSends))]))
        let list = try rows.map { row in
            guard row.count == 4, let installation = row[0].text, let state = row[1].text.flatMap(PushSendState.init(rawValue:)),
                let attempts = row[2].integer
            else { throw ServerError.storageCorrupt.withDetail("a queued send of unexpected shape") }
            return PushStatus.Send(installation: installation, state: state, attempts: Int(attempts), detail: row[3].text)
        }
        let sends = states.values.reduce(0, +)
        return PushStatus(
            push: push, created: Date(timeIntervalSince1970: TimeInterval(created) / 1000), sends: sends, states: states,
            finished: (states[PushSendState.queued.rawValue] ?? 0) == 0, list: list)
    }

    /// How many sends are still queued, across every notification.
    package func pendingCount() async throws -> Int {
        let rows = try await executor.rows(SQLStatement(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM permit_push_sends WHERE state = 'queued'"))
        return Int(rows.first?.first?.integer ?? 0)
    }
}
