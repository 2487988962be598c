import Logging
import Permit
import PermitSupport

// MARK: - A page load with no token

extension PushTokenCookieManager {
    /// Asks the provider once for a token when none is saved (and the app did not clear it), waiting at most
    /// `deadline`, and saves what it gives: what a page load with no token calls for (a page that finds no
    /// `FCM_token` cookie cannot register for pushes). Returns whether a token was saved.
    ///
    /// A provider that fails or answers nothing in time leaves things as they are: its next token still
    /// arrives through ``run()``. The failure is logged, not thrown.
    @discardableResult
    public func fetchTokenIfMissing(within deadline: Duration = .seconds(10)) async -> Bool {
        let saved = await serial.run { await loadBackup() }
        guard saved.token == nil, !saved.isCleared else { return false }
        let provider = provider
        let fetched: String?
        do {
            fetched = try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask { try await provider.fetchToken() }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    throw PushTokenFetchTimedOut()
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch {
            logger.notice("no push token saved, and the provider gave none", metadata: ["error": "\(error)"])
            return false
        }
        guard let fetched else {
            logger.info("no push token saved, and the provider has none yet")
            return false
        }
        do {
            return try await serial.run { try await update(fetched, explicitly: false) }
        } catch {
            logger.warning("the provider's push token not saved", metadata: ["error": "\(error)"])
            return false
        }
    }
}

/// The provider did not answer within the deadline of ``PushTokenCookieManager/fetchTokenIfMissing(within:)``.
struct PushTokenFetchTimedOut: Error, CustomStringConvertible {
    var description: String { "the push service did not answer in time" }
}
