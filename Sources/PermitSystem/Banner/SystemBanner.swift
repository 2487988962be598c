public import Foundation
public import Logging
import Permit

/// The banner at the top of the app: the most severe warning that stands and was not dismissed in this
/// launch.
///
/// - ``warning()`` is what the banner shows, from ``SystemStatus/lastReport()``: the most severe warning
///   of the last check that was not dismissed during this launch, or `nil` for no banner.
/// - ``dismiss(_:)`` hides the warning shown for the rest of this launch; the banner then shows the next
///   one, if any. The dismissal is stored (under ``defaultKey`` unless told otherwise), so a banner
///   model made again during the same launch keeps it. A stored record that cannot be read counts as no
///   dismissals, with a warning in the log.
/// - At the next launch (a new ``launch`` identifier) dismissals no longer count: a problem that lasts
///   comes back. A resolved one stays away, because the checks no longer raise its warning.
/// - ``refresh()`` runs the checks again. A dismissed warning whose problem was resolved is forgotten, so
///   it shows again should the problem come back.
///
/// For example:
///
/// ```swift
/// let banner = SystemBanner(status: status, logger: logger)
/// try await status.refresh()                 // at launch
/// if let warning = await banner.warning() {  // Cannot Access Storage
///     show(warning, onClose: { Task { await banner.dismiss(warning) } })
/// }
/// ```
public actor SystemBanner {
    /// The name dismissals are stored under unless told otherwise.
    public static let defaultKey = "permit.system.banner"

    /// This process's launch: a fresh identifier made the first time it is read, the same for every banner
    /// made in this process.
    public static let currentLaunch = UUID()

    /// The launch this banner belongs to; dismissals made in another launch do not count.
    public nonisolated let launch: UUID
    /// The key dismissals are stored under.
    nonisolated let key: StorageKey<StoredDismissals>
    private let status: SystemStatus
    private let logger: Logger
    /// The dismissals of this launch, once read from the store; changed only without suspending.
    private var dismissed: Set<String>?
    private var needsPersisting = false
    private var isPersisting = false

    /// Creates the banner model.
    ///
    /// - Parameters:
    ///   - status: Where the last report is read and the checks are run again.
    ///   - launch: The launch dismissals belong to. Default: ``currentLaunch``; tests pass one per simulated
    ///     launch.
    ///   - key: The name dismissals are stored under. Default: ``defaultKey``.
    ///   - logger: Receives dismissals at `info`, and an unsaved dismissal or an unreadable stored record at
    ///     `warning`.
    public init(status: SystemStatus, launch: UUID = SystemBanner.currentLaunch, key: String = defaultKey, logger: Logger) {
        self.status = status
        self.launch = launch
        self.key = StorageKey(key)
        self.logger = logger
    }

    /// The warning the banner shows, or `nil` for no banner.
    public func warning() async -> SystemWarning? {
        guard let report = await status.lastReport() else { return nil }
        let dismissed = await loadedDismissals()
        return report.warnings.first { !dismissed.contains($0.id) }
    }

    /// Hides `warning` until the next launch, and returns the warning the banner shows next, if any.
    ///
    /// The banner's close button passes the warning it shows, so a report refreshed in the meantime cannot
    /// make it hide another one.
    @discardableResult
    public func dismiss(_ warning: SystemWarning) async -> SystemWarning? {
        _ = await loadedDismissals()
        // No suspension between reading and changing the dismissals: a refresh cannot interleave.
        dismissed?.insert(warning.id)
        await persist()
        logger.info("system warning dismissed until the next launch", metadata: ["warning": "\(warning.id)"])
        return await self.warning()
    }

    /// Runs the checks again and returns the warning the banner shows now.
    ///
    /// A dismissed warning that the new report no longer raises is forgotten; one dismissed while the checks
    /// ran is kept.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled; see ``SystemStatus/refresh()``.
    @discardableResult
    public func refresh() async throws -> SystemWarning? {
        let report = try await status.refresh()
        let standing = Set(report.warnings.map(\.id))
        _ = await loadedDismissals()
        // No suspension between reading and changing the dismissals: a dismissal cannot be lost.
        if let current = dismissed, !current.isSubset(of: standing) {
            dismissed = current.intersection(standing)
            await persist()
        }
        return await warning()
    }

    // MARK: - Dismissals

    /// The warnings dismissed during this launch, read from the store the first time.
    private func loadedDismissals() async -> Set<String> {
        if let dismissed { return dismissed }
        let stored = await storedDismissals()
        // Another call may have loaded and changed them while this one read the store.
        if dismissed == nil { dismissed = stored }
        return dismissed ?? stored
    }

    private func storedDismissals() async -> Set<String> {
        guard let stored = await status.storage.value(for: key), stored.launch == launch else { return [] }
        return Set(stored.dismissed)
    }

    /// Stores the dismissals as they are now; writes one at a time, the last always with the latest state.
    private func persist() async {
        needsPersisting = true
        guard !isPersisting else { return }
        isPersisting = true
        defer { isPersisting = false }
        while needsPersisting, let current = dismissed {
            needsPersisting = false
            do {
                try await status.storage.setValue(
                    StoredDismissals(launch: launch, dismissed: current.sorted()), for: key)
            } catch {
                logger.warning("banner dismissal not stored", metadata: ["key": "\(key.name)", "error": "\(error)"])
            }
        }
    }

    /// The dismissals as stored: the launch they belong to and the warnings' identifiers.
    struct StoredDismissals: Codable, Sendable {
        var launch: UUID
        var dismissed: [String]
    }
}
