/// The changes a ``PermissionCenter`` sees, as an asynchronous sequence.
///
/// A sequence receives every change from the moment ``PermissionCenter/changes()`` was called, in the
/// order the center recorded them, with nothing dropped; iterate it once. When the consuming task is
/// cancelled or stops iterating (its iterator is released), the subscription ends and the center stops
/// buffering for it. The sequence finishes when the center is released.
///
/// For example:
///
/// ```swift
/// let changes = center.changes()
/// for await change in changes where change.kind == .location {
///     updateLocationButton(enabled: change.current.isUsable)
/// }
/// ```
public struct PermissionChanges: AsyncSequence, Sendable {
    /// The sequence's element: one change.
    public typealias Element = PermissionChange
    /// The sequence never throws.
    public typealias Failure = Never

    private let subscription: Subscription<PermissionChange>

    init(_ subscription: Subscription<PermissionChange>) { self.subscription = subscription }

    /// Creates the iterator that receives the changes; releasing it ends the subscription.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: subscription.makeIterator()) }

    /// The iterator of ``PermissionChanges``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: SubscriptionIterator<PermissionChange>

        /// The next change, or `nil` when the subscription has ended.
        public mutating func next() async -> PermissionChange? { await base.next() }
    }
}
