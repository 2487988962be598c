import Foundation
import Permit
import PermitServer
import PermitSupport

/// Wraps a storage and counts its reads and writes, so a test can check that nothing was written.
final class CountingStorage: RegistryStorage {
    private let base: any RegistryStorage
    private let counts = Locked((reads: 0, saves: 0))

    init(_ base: any RegistryStorage) { self.base = base }

    var reads: Int { counts.withLock { $0.reads } }
    var saves: Int { counts.withLock { $0.saves } }

    func prepare() async throws { try await base.prepare() }
    func record(installation: String) async throws -> InstallationRecord? {
        counts.withLock { $0.reads += 1 }
        return try await base.record(installation: installation)
    }
    /// Counts each record of a batch as one save.
    func save(_ writes: [RegistryWrite]) async throws {
        counts.withLock { $0.saves += writes.count }
        try await base.save(writes)
    }
    func removeToken(_ token: String) async throws -> Int { try await base.removeToken(token) }
    func deleteInstallation(_ installation: String) async throws -> Bool { try await base.deleteInstallation(installation) }
    func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int {
        try await base.prune(lastSeenBefore: cutoff, androidLastSeenBefore: androidCutoff)
    }
    func grantDays(from first: String, through last: String) async throws -> [GrantDay] {
        try await base.grantDays(from: first, through: last)
    }
    func tokenCount() async throws -> Int { try await base.tokenCount() }
    func proofKey() async throws -> [UInt8] { try await base.proofKey() }
}
