package import Foundation

/// The notification observers an adapter registers, removed when the adapter ends: the owner holds the box, and
/// the box's `deinit` removes every observer it holds from its center.
///
/// `NotificationCenter.addObserver(forName:object:queue:using:)` keeps its observer until
/// `removeObserver(_:)` (Apple, "addObserver(forName:object:queue:using:)": "you must invoke
/// removeObserver(_:) ... before the system deallocates any object that
/// addObserver(forName:object:queue:using:) specifies"). An owner whose block captured it weakly leaks only the
/// token, but its block still runs on every notification. A box that removes them in its own `deinit` ends them
/// with the owner, also for a main-actor owner, whose own `deinit` cannot reach its isolated state.
///
/// For example:
///
/// ```swift
/// let observations = NotificationObservations()
/// observations.observe(Notification.Name("UIApplicationDidBecomeActiveNotification")) { _ in refresh() }
/// // the observer ends when `observations` does
/// ```
package final class NotificationObservations: @unchecked Sendable {  // `tokens` is guarded by `lock`
    private let center: NotificationCenter
    private let lock = NSLock()
    private var tokens: [any NSObjectProtocol] = []

    /// A box for observers registered with `center`.
    package init(center: NotificationCenter = .default) {
        self.center = center
    }

    /// Observes `name` from any object, calling `block` on `queue` (or on the posting thread when `nil`).
    package func observe(
        _ name: Notification.Name, queue: OperationQueue? = nil,
        using block: @escaping @Sendable (Notification) -> Void
    ) {
        let token = center.addObserver(forName: name, object: nil, queue: queue, using: block)
        lock.lock()
        defer { lock.unlock() }
        tokens.append(token)
    }

    /// How many observers the box holds.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return tokens.count
    }

    /// Removes every observer now.
    package func removeAll() {
        lock.lock()
        let removed = tokens
        tokens = []
        lock.unlock()
        for token in removed { center.removeObserver(token) }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
