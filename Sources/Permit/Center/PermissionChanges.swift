/// The changes a ``PermissionCenter`` sees, from the moment ``PermissionCenter/changes()`` was called, in the
/// order the center recorded them, each once it is persisted.
///
/// For example:
///
/// ```swift
/// let changes = center.changes()
/// for await change in changes where change.kind == .location {
///     updateLocationButton(enabled: change.current.isUsable)
/// }
/// ```
public typealias PermissionChanges = UpdateStream<PermissionChange>
