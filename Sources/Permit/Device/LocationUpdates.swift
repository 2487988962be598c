/// The fixes of a ``LocationProvider`` as the device moves, as an asynchronous sequence: what a page's
/// `watchPosition` follows.
///
/// It delivers each fix the provider reports, in order, until the provider fails (the iteration throws a
/// ``LocationError``), the provider ends it, or the consumer stops: when the consuming task is cancelled or its
/// iterator is released, the provider's `onTermination` runs and the provider stops its updates (CoreLocation's
/// `stopUpdatingLocation()`). Iterate it once.
///
/// A provider makes one from its own source with ``init(bufferingNewest:_:)``, or from a function that awaits
/// each next fix with ``init(unfolding:)``.
///
/// For example, a page's watch, in a task that is cancelled when the watch ends:
///
/// ```swift
/// func follow(_ provider: any LocationProvider) async throws {
///     for try await fix in provider.locationUpdates() {
///         print(fix.latitude, fix.longitude)
///     }
/// }
/// ```
public struct LocationUpdates: AsyncSequence, Sendable {
    /// A fix.
    public typealias Element = LocationFix

    private let stream: AsyncThrowingStream<LocationFix, any Error>

    /// Creates updates fed by `build`, which receives the stream's continuation: yield each fix, finish it
    /// (throwing a ``LocationError`` when the service failed), and stop the source in its `onTermination`.
    /// At most `limit` fixes wait for a slow consumer; older ones are dropped, as a moving device makes them stale.
    public init(
        bufferingNewest limit: Int = 8,
        _ build: (AsyncThrowingStream<LocationFix, any Error>.Continuation) -> Void
    ) {
        stream = AsyncThrowingStream(bufferingPolicy: .bufferingNewest(limit), build)
    }

    /// Creates updates that call `next` for each fix: `nil` ends them, a thrown error fails them. `next` is not
    /// called again after the consumer stopped.
    public init(unfolding next: @escaping @Sendable () async throws -> LocationFix?) {
        stream = AsyncThrowingStream(unfolding: next)
    }

    /// Creates the iterator; releasing it (or cancelling its task) ends the updates.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// The iterator of ``LocationUpdates``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncThrowingStream<LocationFix, any Error>.AsyncIterator

        init(base: AsyncThrowingStream<LocationFix, any Error>.AsyncIterator) { self.base = base }

        /// The next fix, or `nil` when the updates ended.
        ///
        /// - Throws: The provider's ``LocationError`` when the service failed.
        public mutating func next() async throws -> LocationFix? { try await base.next() }
    }
}
