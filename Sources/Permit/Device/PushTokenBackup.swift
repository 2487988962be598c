public import Foundation

/// The push token's backup: the source of truth the cookie is written and restored from.
public struct PushTokenBackup: Codable, Hashable, Sendable {
    /// The saved token, or `nil` for none.
    public var token: String?
    /// When the token was saved; `nil` when unknown (a token imported from an older version of the app).
    public var savedAt: Date?
    /// Cleared by the app: tokens from the provider are not saved until an explicit save or refresh.
    public var isCleared: Bool

    /// Creates a backup; the defaults are "no token, not cleared".
    public init(token: String? = nil, savedAt: Date? = nil, isCleared: Bool = false) {
        self.token = token
        self.savedAt = savedAt
        self.isCleared = isCleared
    }
}

/// Where `PushTokenCookieManager` (PermitWeb) keeps the token's backup: the app's `PermitStorage` by default
/// (``StoragePushTokenBackup``), or the Keychain on iOS (`KeychainPushTokenBackup` in `PermitKeychain`), where the
/// token is encrypted at rest and kept apart from the app's other data.
public protocol PushTokenBackupStore: Sendable {
    /// The backup, or `nil` when none was ever saved.
    func loadBackup() async throws -> PushTokenBackup?
    /// Replaces the backup; returns once it is durable.
    func saveBackup(_ backup: PushTokenBackup) async throws
}

/// The backup in the app's `PermitStorage`, under a versioned key: the default store.
public struct StoragePushTokenBackup: PushTokenBackupStore {
    private let storage: PermitStorage
    private let key: StorageKey<PushTokenBackup>

    /// Creates the store over `storage`, keeping the backup under `key`.
    public init(storage: PermitStorage, key: String = "permit.pushToken") {
        self.storage = storage
        self.key = StorageKey(key)
    }

    public func loadBackup() async throws -> PushTokenBackup? {
        await storage.value(for: key)
    }

    public func saveBackup(_ backup: PushTokenBackup) async throws {
        try await storage.setValue(backup, for: key)
    }
}
