/// The feature-state changes ``FeatureGates`` sees, as an asynchronous sequence.
///
/// A sequence starts with one update per feature carrying its current state (``FeatureUpdate/previous`` is
/// `nil`), then receives every change from the moment ``FeatureGates/updates()`` was called, in order; iterate
/// it once. When the consuming task is cancelled or stops iterating (its iterator is released), the
/// subscription ends. The sequence finishes when the gates are released.
///
/// For example:
///
/// ```swift
/// for await update in gates.updates() where update.feature == reminders {
///     if !update.current.isUsable { settings.remindersEnabled = false }
/// }
/// ```
public struct FeatureUpdates: AsyncSequence, Sendable {
    /// The sequence's element: one feature whose state changed.
    public typealias Element = FeatureUpdate
    /// The sequence never throws.
    public typealias Failure = Never

    private let subscription: Subscription<FeatureUpdate>

    init(_ subscription: Subscription<FeatureUpdate>) { self.subscription = subscription }

    /// Creates the iterator that receives the updates; releasing it ends the subscription.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: subscription.makeIterator()) }

    /// The iterator of ``FeatureUpdates``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: SubscriptionIterator<FeatureUpdate>

        /// The next update, or `nil` when the subscription has ended.
        public mutating func next() async -> FeatureUpdate? { await base.next() }
    }
}
