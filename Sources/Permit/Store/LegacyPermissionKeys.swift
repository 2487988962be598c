public import Foundation
public import Logging

/// Keeps the `p_…` keys that an app from before Permit reads in `UserDefaults` current, whatever store keeps
/// Permit's own state: `"yes"` or `"no"` (``PermissionStatus/cookieValue``) under each tracked kind's
/// ``PermissionKind/cookieName``, such as `p_Location`, after every change.
///
/// For an app whose own code, or a library it links, still reads `UserDefaults.standard.string(forKey:
/// "p_Location")`. ``UserDefaultsPermissionStore`` keeps the keys as a side effect of keeping its snapshot
/// there; this keeps them beside a ``FilePermissionStore``, or any other store. `HybridShell` runs it when its
/// configuration keeps the seed's keys.
///
/// For example, beside the app's other long-lived components:
///
/// ```swift
/// let keys = LegacyPermissionKeys(defaults: .standard, logger: logger)
/// await keys.run(following: center)   // until the calling task is cancelled
/// ```
public struct LegacyPermissionKeys: Sendable {
    private let keys: LegacySeedKeys
    private let logger: Logger

    /// Creates the mirror; nothing is written until ``run(following:)``.
    ///
    /// - Parameters:
    ///   - defaults: Where the keys are kept: the app's `UserDefaults.standard`, as the old code reads them.
    ///   - logger: Receives a warning when `UserDefaults` did not save the keys.
    public init(defaults: UserDefaults, logger: Logger) {
        self.keys = LegacySeedKeys(defaults: defaults)
        self.logger = logger
    }

    /// Writes every tracked kind's key from `center`'s states, then again after each change the center
    /// publishes, until the calling task is cancelled. Starts the center if it has not started.
    public func run(following center: PermissionCenter) async {
        // Subscribed first, so that no change between the read and the loop is missed.
        let changes = center.changes()
        await center.start()
        write(await center.states().map { ($0.kind, $0.status) })
        for await change in changes where change.changesCookieValue {
            write([(change.kind, change.current)])
        }
    }

    /// Writes the keys of `statuses` and saves them.
    func write(_ statuses: [(PermissionKind, PermissionStatus)]) {
        if !keys.set(statuses) {
            logger.warning("UserDefaults did not save the p_ permission keys", metadata: ["count": "\(statuses.count)"])
        }
    }
}
