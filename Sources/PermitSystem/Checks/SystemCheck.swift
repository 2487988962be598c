/// One check of what the app needs from the system to sync and back up: an account, a container, a
/// directory it can write, room on the disk.
///
/// A ``SystemCheckRunner`` runs every check at once and turns what each one finds into a
/// ``SystemCheckResult``, stamped with its time. These checks ship with Permit: ``ICloudAccountCheck``,
/// ``ICloudDriveCheck``, ``CloudKitAccountCheck``, ``DocumentsAccessCheck`` and ``FreeSpaceCheck``.
///
/// ## Implementation requirements
///
/// - ``run()`` returns what it established: ``SystemCheckFinding/passed(_:)`` or
///   ``SystemCheckFinding/failed(_:)`` with a short detail a person can read, or
///   ``SystemCheckFinding/couldNotDetermine(_:)`` when it asked and got no clear answer.
/// - It throws when it cannot get an answer at all; the runner records the check as
///   ``SystemCheckOutcome/couldNotDetermine``. Throw ``SystemError/notSupportedOnThisPlatform`` when the
///   system has no such service (iCloud on Linux); the runner records ``SystemCheckOutcome/notSupported``.
/// - It runs concurrently with the other checks and may be called again at any time, so it keeps no
///   state between runs and must not depend on another check.
/// - It shows no UI, asks for no permission and leaves nothing behind: whatever it creates to probe the
///   system, it removes, whether the probe succeeded or not.
/// - It should return promptly and honour cancellation, but the runner does not rely on either: a check
///   still running when the runner's timeout passes is recorded as
///   ``SystemCheckOutcome/couldNotDetermine`` and left to finish on its own.
/// - Details never include tokens or other user data.
///
/// For example, a check that the app's database file exists:
///
/// ```swift
/// struct DatabaseCheck: SystemCheck {
///     let url: URL
///     var id: SystemCheckID { SystemCheckID(rawValue: "database") }
///     var title: String { "Database" }
///     var purpose: String { "Holds your data on this device" }
///     func run() async throws -> SystemCheckFinding {
///         FileManager.default.fileExists(atPath: url.path)
///             ? .passed("the database file exists") : .failed("the database file is missing")
///     }
/// }
/// ```
public protocol SystemCheck: Sendable {
    /// What is checked, stable across versions; results and warnings refer to the check by it.
    var id: SystemCheckID { get }
    /// A short name for a Settings screen, such as "iCloud" or "Storage Access".
    var title: String { get }
    /// Why the app needs it, such as "Required for sync and backups".
    var purpose: String { get }
    /// Checks the system now and reports what it found.
    func run() async throws -> SystemCheckFinding
}
