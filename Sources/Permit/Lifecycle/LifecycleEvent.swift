/// An app lifecycle notification that may mean permissions changed while the app was away.
///
/// On iOS `LifecycleObserver` (`PermitUIKit`) sends these from `UIApplication`'s notifications; the simulated device
/// sends them in tests and the demo. Pass each to ``PermissionCenter/handle(_:)``.
public enum LifecycleEvent: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The app went to the background, for example to the Settings app.
    case didEnterBackground
    /// The app is coming back to the foreground.
    case willEnterForeground
    /// The app became active: back from Settings, from the app switcher, or after a system alert.
    case didBecomeActive

    /// The event's name.
    public var description: String { rawValue }
}
