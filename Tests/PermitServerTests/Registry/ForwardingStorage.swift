import Foundation
import PermitServer

/// A storage that wraps another and passes each call on, but for those it implements itself: the tests' storages
/// that count, hold or race calls implement only those.
///
/// `records(installations:)` is not passed on: the protocol's default reads one installation at a time through
/// `record(installation:)`, so a wrapper that counts or holds that call sees every read.
protocol ForwardingStorage: RegistryStorage {
    /// The storage the calls go to.
    var base: any RegistryStorage { get }
}

extension ForwardingStorage {
    func prepare() async throws { try await base.prepare() }
    func record(installation: String) async throws -> InstallationRecord? { try await base.record(installation: installation) }
    func save(_ writes: [RegistryWrite]) async throws { try await base.save(writes) }
    func removeToken(_ token: String) async throws -> Int { try await base.removeToken(token) }
    func deleteInstallation(_ installation: String) async throws -> Bool { try await base.deleteInstallation(installation) }
    func prune(lastSeenBefore cutoff: Date, androidLastSeenBefore androidCutoff: Date) async throws -> Int {
        try await base.prune(lastSeenBefore: cutoff, androidLastSeenBefore: androidCutoff)
    }
    func grantDays(from first: String, through last: String) async throws -> [GrantDay] {
        try await base.grantDays(from: first, through: last)
    }
    func tokenCount() async throws -> Int { try await base.tokenCount() }
    func notificationCounts() async throws -> NotificationCounts { try await base.notificationCounts() }
    func proofKey() async throws -> [UInt8] { try await base.proofKey() }
}
