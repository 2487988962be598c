import Logging
import PermitSupport

// MARK: - Informed once

extension PromptPolicy {
    /// Whether the user is still owed the one message that `kind` is off: the permission is denied,
    /// restricted or unavailable, and ``markDenialNoticeDelivered(for:)`` was never called for it on this
    /// install.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`;
    ///   ``PermitError/kindNotTracked`` when the center does not track it.
    public func owesDenialNotice(for kind: PermissionKind) async throws -> Bool {
        _ = try declaration(of: kind)
        let state = try await state(of: kind)
        guard !state.isUsable, state.status != .notDetermined else { return false }
        return await loadFacts().informed.contains(kind) == false
    }

    /// Records that the user was told `kind` is off, so that ``owesDenialNotice(for:)`` is `false` from now
    /// on, across relaunches.
    ///
    /// Returns once the center's storage holds the fact and has tried to save it. A save that fails does not
    /// throw: the storage logs it and saves the fact again with its next change. Until then the fact holds for
    /// this launch only, and a relaunch before a successful save owes the notice again, so the user may be
    /// told twice, never not at all.
    ///
    /// - Throws: ``PolicyError/kindNotDeclared`` when the manifest does not declare `kind`; the storage's
    ///   ``PermitError/invalidValue`` if it refused the facts, in which case nothing changes.
    public func markDenialNoticeDelivered(for kind: PermissionKind) async throws {
        _ = try declaration(of: kind)
        let before = await loadFacts()
        guard !before.informed.contains(kind) else { return }
        var updated = before
        updated.informed = (updated.informed + [kind]).sorted()
        facts = updated
        // Concurrent marks each write the latest facts; write again until what was written is the latest.
        var written: PolicyFacts
        repeat {
            written = facts ?? updated
            do {
                try await center.storage.setValue(written, for: Self.storageKey)
            } catch {
                // The center refused the facts: forget this kind again, keeping what concurrent marks added.
                facts?.informed.removeAll { $0 == kind }
                throw error
            }
        } while facts != written
        logger.info("denial notice delivered", metadata: ["kind": "\(kind)"])
    }

    private func loadFacts() async -> PolicyFacts {
        if let facts { return facts }
        let loaded = await center.storage.value(for: Self.storageKey) ?? PolicyFacts()
        // Another call may have loaded or updated them meanwhile; what is in memory is newer.
        if let facts { return facts }
        facts = loaded
        return loaded
    }
}
