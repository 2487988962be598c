/// Where Permit keeps its last-known snapshot between launches.
///
/// Permit ships three implementations: ``FilePermissionStore`` (versioned JSON, replaced atomically; the
/// default on Linux), ``UserDefaultsPermissionStore`` (keeps the legacy `p_…` keys readable for apps already
/// shipped) and `InMemoryPermissionStore` in `PermitTesting`.
///
/// ## Implementation requirements
///
/// - ``load()`` returns the snapshot the last successful ``save(_:)`` wrote, and never crashes. A store
///   that does not exist yet loads as ``PermissionSnapshot/empty``. One whose content is truncated or
///   corrupt loads as ``PermissionSnapshot/empty`` with a warning logged: it will never be readable, so
///   Permit starts again from the OS. One that exists but cannot be read right now (file protection before
///   the first unlock, a permissions error) throws ``PermitError/storeUnavailable``: the center then works in
///   memory, writes nothing over the store, and tries to load it again at the next refresh.
/// - ``save(_:)`` replaces the whole snapshot. After it returns, a process killed at any moment loads either
///   the previous snapshot or this one, never a mix. It throws ``PermitError/storeWriteFailed`` when the
///   snapshot could not be written.
/// - Permit calls ``save(_:)`` only when something changed, and never concurrently from one center.
///
/// Every implementation passes the same contract test in Permit's test suite.
public protocol PermissionStore: Sendable {
    /// Loads the last saved snapshot; an empty one when there is none or its content is corrupt.
    ///
    /// - Throws: ``PermitError/storeUnavailable`` when the store exists but cannot be read now.
    func load() async throws -> PermissionSnapshot

    /// Replaces the saved snapshot with `snapshot`.
    func save(_ snapshot: PermissionSnapshot) async throws
}
