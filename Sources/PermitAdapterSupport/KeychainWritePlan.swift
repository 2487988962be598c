import Permit

/// How the Keychain adapter (`KeychainPushTokenBackup` in `PermitKeychain`) saves and reads the push token's
/// backup, decided from the Security framework's result codes (Apple, "Security Framework Result Codes").
///
/// - Saving updates the item first; only when there is none (`errSecItemNotFound`) does it add one, so that a
///   second save never fails with `errSecDuplicateItem`. Any other code is an error the caller reports.
/// - Reading an item that is not there is no backup, not an error.
package enum KeychainWritePlan {
    /// `errSecSuccess`.
    package static let success: Int32 = 0
    /// `errSecItemNotFound`.
    package static let itemNotFound: Int32 = -25300

    /// What a save does after `SecItemUpdate` answered `status`.
    package enum Step: Hashable, Sendable {
        /// The item was updated: the save is done.
        case done
        /// There was no item: add it.
        case add
        /// The Keychain refused: report `status`.
        case fail(status: Int32)
    }

    /// The step after `SecItemUpdate` answered `status`.
    package static func step(afterUpdate status: Int32) -> Step {
        switch status {
        case success: .done
        case itemNotFound: .add
        default: .fail(status: status)
        }
    }

    /// Whether a read that answered `status` found no backup (rather than failing).
    package static func readFoundNothing(_ status: Int32) -> Bool {
        status == itemNotFound
    }
}
