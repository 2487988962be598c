public import Permit

/// A `PermissionStore` that keeps the snapshot in memory and counts saves.
///
/// Use it in tests, or to keep one store across simulated relaunches of an app. It can be told to fail saves,
/// to test what a center does when the disk is full.
///
/// For example:
///
/// ```swift
/// let store = InMemoryPermissionStore()
/// let center = PermissionCenter(kinds: [.camera], authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
/// await center.start()
/// #expect(await store.saveCount == 1)
/// ```
public actor InMemoryPermissionStore: PermissionStore {
    /// The snapshot a load returns: the last one saved, or the one the store was created with.
    public private(set) var snapshot: PermissionSnapshot
    /// How many saves succeeded.
    public private(set) var saveCount = 0
    /// When `true`, every save throws `PermitError.storeWriteFailed` and leaves the snapshot unchanged.
    public var failsSaves = false
    /// When `true`, every load throws `PermitError.storeUnavailable`, as a file store does before the
    /// device's first unlock.
    public var failsLoads = false
    /// How many loads were attempted.
    public private(set) var loadCount = 0

    /// Creates a store holding `snapshot`.
    public init(_ snapshot: PermissionSnapshot = .empty) {
        self.snapshot = snapshot
    }

    /// Returns the held snapshot, or throws when ``failsLoads`` is set.
    public func load() async throws -> PermissionSnapshot {
        loadCount += 1
        if failsLoads { throw PermitError.storeUnavailable.withDetail("InMemoryPermissionStore told to fail") }
        return snapshot
    }

    /// Replaces the held snapshot, or throws when ``failsSaves`` is set.
    public func save(_ snapshot: PermissionSnapshot) async throws {
        if failsSaves { throw PermitError.storeWriteFailed.withDetail("InMemoryPermissionStore told to fail") }
        self.snapshot = snapshot
        saveCount += 1
    }

    /// Sets ``failsSaves``.
    public func setFailsSaves(_ fails: Bool) { failsSaves = fails }

    /// Sets ``failsLoads``.
    public func setFailsLoads(_ fails: Bool) { failsLoads = fails }
}
