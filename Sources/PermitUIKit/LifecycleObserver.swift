#if canImport(UIKit)
public import Foundation
public import Permit
import UIKit
import PermitAdapterSupport

/// Sends `UIApplication`'s lifecycle notifications to a `PermissionCenter`, in the order they arrive, while
/// ``run()`` runs.
///
/// It observes the notifications that `AppLifecycleNotification.lifecycleEvent` maps to a ``LifecycleEvent``
/// (did-enter-background, will-enter-foreground and did-become-active, not will-resign-active, which a permission
/// prompt posts) and passes each to ``PermissionCenter/handle(_:)``; the center coalesces a burst into one
/// refresh. It translates and decides nothing. Observation ends when the task running ``run()`` is cancelled.
///
/// For example, in the `App`, beside the app's other long-lived components:
///
/// ```swift
/// let lifecycle = LifecycleObserver(center: center)
/// await withDiscardingTaskGroup { group in
///     group.addTask { await lifecycle.run() }
///     group.addTask { await gates.run() }
/// }
/// ```
@MainActor
public final class LifecycleObserver {
    private let center: PermissionCenter
    private let notificationCenter: NotificationCenter

    /// Creates an observer for `center`; nothing is observed until ``run()``.
    ///
    /// - Parameters:
    ///   - center: The center that receives the events.
    ///   - notificationCenter: Where `UIApplication` posts its notifications.
    public init(center: PermissionCenter, notificationCenter: NotificationCenter = .default) {
        self.center = center
        self.notificationCenter = notificationCenter
    }

    /// Observes the notifications and passes each event to the center, one at a time and in order, until the
    /// calling task is cancelled; then observation stops, and events not yet delivered are dropped.
    ///
    /// Run it once, from launch, in a task group beside the app's other long-lived components.
    public func run() async {
        let (events, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
        let tokens = AppLifecycleNotification.allCases.compactMap { notification -> (any NSObjectProtocol)? in
            guard let event = notification.lifecycleEvent else { return nil }
            return notificationCenter.addObserver(
                forName: Notification.Name(notification.rawValue), object: nil, queue: .main
            ) { _ in
                continuation.yield(event)
            }
        }
        defer {
            for token in tokens { notificationCenter.removeObserver(token) }
            continuation.finish()
        }
        for await event in events { await center.handle(event) }
    }

    /// Observation is ``run()``'s now.
    @available(*, unavailable, renamed: "run()", message: "run the observer in a task group; cancel it to stop")
    public func start() {
        fatalError("unavailable")
    }

    /// Observation stops when the task running ``run()`` is cancelled.
    @available(*, unavailable, message: "cancel the task that runs run()")
    public func stop() {
        fatalError("unavailable")
    }
}
#endif
