#if canImport(UIKit)
public import Foundation
public import Permit
import UIKit
import PermitAdapterSupport

/// Sends `UIApplication`'s lifecycle notifications to a `PermissionCenter`, in the order they arrive.
///
/// It observes the notifications that `AppLifecycleNotification.lifecycleEvent` maps to a ``LifecycleEvent``
/// (did-enter-background, will-enter-foreground and did-become-active, not will-resign-active, which a permission
/// prompt posts) and passes each to ``PermissionCenter/handle(_:)``; the center coalesces a burst into one
/// refresh. It translates and decides nothing. Observation ends with ``stop()`` or when the observer is
/// released.
///
/// For example, in the app delegate or the `App`'s initializer:
///
/// ```swift
/// let lifecycle = LifecycleObserver(center: center)
/// lifecycle.start()
/// ```
@MainActor
public final class LifecycleObserver {
    private let center: PermissionCenter
    private let notificationCenter: NotificationCenter
    /// Written only on the main actor; deinit, which is not isolated, reads it when nothing else can.
    nonisolated(unsafe) private var tokens: [any NSObjectProtocol] = []
    private var delivery: Task<Void, Never>?
    private var events: AsyncStream<LifecycleEvent>.Continuation?

    /// Creates an observer for `center`; call ``start()`` to begin.
    ///
    /// - Parameters:
    ///   - center: The center that receives the events.
    ///   - notificationCenter: Where `UIApplication` posts its notifications.
    public init(center: PermissionCenter, notificationCenter: NotificationCenter = .default) {
        self.center = center
        self.notificationCenter = notificationCenter
    }

    deinit {
        for token in tokens { notificationCenter.removeObserver(token) }
        events?.finish()
    }

    /// Starts observing; calling it again while observing does nothing.
    public func start() {
        guard tokens.isEmpty else { return }
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
        events = continuation
        let center = center
        delivery = Task {
            for await event in stream { await center.handle(event) }
        }
        tokens = AppLifecycleNotification.allCases.compactMap { notification in
            guard let event = notification.lifecycleEvent else { return nil }
            return notificationCenter.addObserver(
                forName: Notification.Name(notification.rawValue), object: nil, queue: .main
            ) { _ in
                continuation.yield(event)
            }
        }
    }

    /// Stops observing; events already received are still delivered.
    public func stop() {
        for token in tokens { notificationCenter.removeObserver(token) }
        tokens = []
        events?.finish()
        events = nil
        delivery = nil
    }
}
#endif
