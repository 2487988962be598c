/// The feature-state changes ``FeatureGates`` sees: first one update per feature carrying its current state
/// (``FeatureUpdate/previous`` is `nil`), then every change from the moment ``FeatureGates/updates()`` was
/// called, in order.
///
/// For example:
///
/// ```swift
/// for await update in gates.updates() where update.feature == reminders {
///     if !update.current.isUsable { settings.remindersEnabled = false }
/// }
/// ```
public typealias FeatureUpdates = UpdateStream<FeatureUpdate>
