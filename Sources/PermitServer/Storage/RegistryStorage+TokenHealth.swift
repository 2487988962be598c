package import Foundation

/// What the push services' answers change in the registry (``PushVerdict``): a token removed only when it was
/// not registered again since APNs saw it unregistered, and a token quarantined rather than deleted.
package protocol TokenHealthStorage: Sendable {
    /// Removes `token` from every installation that has it and last registered it before `unregisteredAt`
    /// (every one when `unregisteredAt` is `nil`); returns how many had it. Registrations are kept to the whole
    /// second, so one within the second of `unregisteredAt`, which may have come after it, keeps the token.
    /// Each record it changes gets a new revision.
    func removeToken(_ token: String, unregisteredAt: Date?) async throws -> Int
    /// Marks `token` quarantined in every installation that has it (``InstallationRecord/quarantined``);
    /// returns how many had it. Each record it changes gets a new revision.
    func quarantineToken(_ token: String) async throws -> Int
}

extension SQLRegistryStorage: TokenHealthStorage {
    package func removeToken(_ token: String, unregisteredAt: Date?) async throws -> Int {
        guard let unregisteredAt else { return try await removeToken(token) }
        // token_registered < the whole second of the 410: a registration within that second may follow it.
        return try await executor.transaction([
            SQLStatement(
                """
                UPDATE permit_installations SET token = NULL, token_registered = NULL, quarantined = 0,
                    revision = revision + 1
                WHERE token = $1 AND (token_registered IS NULL OR token_registered < $2)
                """, [.text(token), .integer(Self.seconds(unregisteredAt))]),
        ])
    }

    package func quarantineToken(_ token: String) async throws -> Int {
        try await executor.transaction([
            SQLStatement(
                "UPDATE permit_installations SET quarantined = 1, revision = revision + 1 WHERE token = $1 AND quarantined = 0",
                [.text(token)]),
        ])
    }
}
