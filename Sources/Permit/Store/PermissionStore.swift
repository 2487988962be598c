/// Where Permit keeps its last-known snapshot between launches.
///
/// Permit ships three implementations: ``FilePermissionStore`` (versioned JSON, replaced atomically; the
/// default on Linux), ``UserDefaultsPermissionStore`` (keeps the seed's `p_…` keys readable for apps already
/// shipped) and `InMemoryPermissionStore` in `PermitTesting`.
///
/// ## Implementation requirements
///
/// - ``load()`` returns the snapshot the last successful ``save(_:)`` wrote. It never throws and never
///   crashes: a store that is missing loads as ``PermissionSnapshot/empty``, and one that is truncated,
///   corrupt or unreadable loads as ``PermissionSnapshot/empty`` with a warning logged.
/// - ``save(_:)`` replaces the whole snapshot. After it returns, a process killed at any moment loads either
///   the previous snapshot or this one, never a mix. It throws when the snapshot could not be written.
/// - Permit calls ``save(_:)`` only when something changed, and never concurrently from one center.
///
/// Every implementation passes the same contract test in Permit's test suite.
public protocol PermissionStore: Sendable {
    /// Loads the last saved snapshot, or an empty one when there is none or it cannot be read.
    func load() async -> PermissionSnapshot

    /// Replaces the saved snapshot with `snapshot`.
    func save(_ snapshot: PermissionSnapshot) async throws
}
