import Foundation
import Permit
import PermitServer
import PermitSupport

/// Wraps a storage and counts its reads and writes, so a test can check that nothing was written.
final class CountingStorage: ForwardingStorage {
    let base: any RegistryStorage
    private let counts = Locked((reads: 0, saves: 0))

    init(_ base: any RegistryStorage) { self.base = base }

    var reads: Int { counts.withLock { $0.reads } }
    var saves: Int { counts.withLock { $0.saves } }

    func record(installation: String) async throws -> InstallationRecord? {
        counts.withLock { $0.reads += 1 }
        return try await base.record(installation: installation)
    }
    /// Counts each record of a batch as one save.
    func save(_ writes: [RegistryWrite]) async throws {
        counts.withLock { $0.saves += writes.count }
        try await base.save(writes)
    }
}
