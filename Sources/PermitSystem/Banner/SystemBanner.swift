public import Foundation
public import Logging
import Permit

/// The banner at the top of the app: the most severe warning that stands and was not dismissed in this
/// launch.
///
/// - ``warning()`` is what the banner shows, from ``SystemStatus/lastReport()``: the most severe warning
///   of the last check that was not dismissed during this launch, or `nil` for no banner.
/// - ``dismiss()`` hides the shown warning for the rest of this launch; the banner then shows the next
///   one, if any. The dismissal is stored (under ``key``, `permit.system.banner` by default), so a banner
///   model made again during the same launch keeps it.
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
///     show(warning, onClose: { Task { await banner.dismiss() } })
/// }
/// ```
public actor SystemBanner {
    /// The attachment key dismissals are stored under unless told otherwise.
    public static let defaultKey = "permit.system.banner"

    /// This process's launch: a fresh identifier made the first time it is read, the same for every banner
    /// made in this process.
    public static let currentLaunch = UUID()

    /// The launch this banner belongs to; dismissals made in another launch do not count.
    public nonisolated let launch: UUID
    /// The attachment key dismissals are stored under.
    public nonisolated let key: String
    private let status: SystemStatus
    private let logger: Logger

    /// Creates the banner model.
    ///
    /// - Parameters:
    ///   - status: Where the last report is read and the checks are run again.
    ///   - launch: The launch dismissals belong to. Default: ``currentLaunch``; tests pass one per simulated
    ///     launch.
    ///   - key: The attachment key for dismissals. Default: ``defaultKey``.
    ///   - logger: Receives dismissals at `info` and an unsaved dismissal at `warning`.
    public init(status: SystemStatus, launch: UUID = SystemBanner.currentLaunch, key: String = defaultKey, logger: Logger) {
        self.status = status
        self.launch = launch
        self.key = key
        self.logger = logger
    }

    /// The warning the banner shows, or `nil` for no banner.
    public func warning() async -> SystemWarning? {
        guard let report = await status.lastReport() else { return nil }
        let dismissed = await dismissals()
        return report.warnings.first { !dismissed.contains($0.id) }
    }

    /// Hides the shown warning until the next launch, and returns the warning shown next, if any.
    @discardableResult
    public func dismiss() async -> SystemWarning? {
        guard let shown = await warning() else { return nil }
        var dismissed = await dismissals()
        dismissed.insert(shown.id)
        await store(dismissed)
        logger.info("system warning dismissed until the next launch", metadata: ["warning": "\(shown.id)"])
        return await warning()
    }

    /// Runs the checks again and returns the warning the banner shows now.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled; see ``SystemStatus/refresh()``.
    @discardableResult
    public func refresh() async throws -> SystemWarning? {
        let report = try await status.refresh()
        let standing = Set(report.warnings.map(\.id))
        let dismissed = await dismissals()
        if !dismissed.isSubset(of: standing) { await store(dismissed.intersection(standing)) }
        return await warning()
    }

    /// The warnings dismissed during this launch.
    private func dismissals() async -> Set<String> {
        guard let data = await status.center.attachment(forKey: key),
            let stored = try? JSONDecoder().decode(StoredDismissals.self, from: data), stored.launch == launch
        else { return [] }
        return Set(stored.dismissed)
    }

    private func store(_ dismissed: Set<String>) async {
        do {
            try await status.center.setAttachment(
                StoredDismissals(launch: launch, dismissed: dismissed.sorted()), forKey: key)
        } catch {
            logger.warning("banner dismissal not stored", metadata: ["key": "\(key)", "error": "\(error)"])
        }
    }

    private struct StoredDismissals: Codable {
        var launch: UUID
        var dismissed: [String]
    }
}
