#if canImport(Security)
import Foundation
import Security
public import Permit
import PermitAdapterSupport

/// The push token's backup in the Keychain: a generic-password item, encrypted at rest and readable after the
/// device's first unlock, never migrated to another device (a push token belongs to one installation).
///
/// Pass it to ``PushTokenCookieManager`` as its `backupStore`; without one, the backup sits in the app's
/// `PermitStorage`. The item holds the backup as JSON (the token, when it was saved, whether the app cleared
/// it). The Keychain needs no Info.plist purpose key.
///
/// For example:
///
/// ```swift
/// let tokens = PushTokenCookieManager(
///     configuration: configuration, provider: firebaseTokens, storage: storage,
///     backupStore: KeychainPushTokenBackup(), sync: sync, logger: logger)
/// ```
public struct KeychainPushTokenBackup: PushTokenBackupStore {
    /// The item's service (`kSecAttrService`).
    public let service: String
    /// The item's account (`kSecAttrAccount`).
    public let account: String
    /// The Keychain access group shared with the app's extensions, or `nil` for the app's own.
    public let accessGroup: String?

    /// Creates the store for the item `service`/`account`.
    public init(service: String = "Permit", account: String = "pushToken", accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }

    /// The backup, or `nil` when the item does not exist.
    ///
    /// - Throws: ``KeychainError`` with the Security status, or a decoding error for an item that is not a
    ///   backup.
    public func loadBackup() async throws -> PushTokenBackup? {
        var query = itemQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if KeychainWritePlan.readFoundNothing(status) { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return try JSONDecoder().decode(PushTokenBackup.self, from: data)
    }

    /// Replaces the item's data, creating the item the first time.
    ///
    /// - Throws: ``KeychainError`` with the Security status.
    public func saveBackup(_ backup: PushTokenBackup) async throws {
        let data = try JSONEncoder().encode(backup)
        let update = [kSecValueData as String: data]
        switch KeychainWritePlan.step(afterUpdate: SecItemUpdate(itemQuery as CFDictionary, update as CFDictionary)) {
        case .done:
            return
        case .add:
            var item = itemQuery
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw KeychainError(status: status) }
        case .fail(let status):
            throw KeychainError(status: status)
        }
    }

    /// The attributes that name the item.
    private var itemQuery: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }
}

/// A Keychain call failed with this Security status (`errSecInteractionNotAllowed` while the device is locked
/// before its first unlock, say).
public struct KeychainError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `OSStatus` the Security call returned.
    public let status: Int32

    /// "the Keychain refused the push token's backup (status N)".
    public var description: String { "the Keychain refused the push token's backup (status \(status))" }
}
#endif
