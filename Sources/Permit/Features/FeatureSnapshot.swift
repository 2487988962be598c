/// One feature and its state at one moment, as ``FeatureGates/states()`` reports it.
///
/// For example:
///
/// ```swift
/// for snapshot in await gates.states() where !snapshot.state.isUsable {
///     hideEntryPoint(of: snapshot.feature)
/// }
/// ```
public struct FeatureSnapshot: Hashable, Sendable, CustomStringConvertible {
    /// The feature.
    public let feature: Feature
    /// Its state.
    public let state: FeatureState

    /// Creates a snapshot.
    public init(feature: Feature, state: FeatureState) {
        self.feature = feature
        self.state = state
    }

    /// A one-line description, such as `reminders: unavailable(notifications; openSettings)`.
    public var description: String { "\(feature): \(state)" }
}
