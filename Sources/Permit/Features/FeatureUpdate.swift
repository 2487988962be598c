/// A feature's state changed, as ``FeatureGates/updates()`` reports it.
public struct FeatureUpdate: Hashable, Sendable, CustomStringConvertible {
    /// The feature.
    public var feature: Feature
    /// Its state before, or `nil` in the first update a subscription receives for the feature.
    public var previous: FeatureState?
    /// Its state now.
    public var current: FeatureState

    /// Creates an update.
    public init(feature: Feature, previous: FeatureState?, current: FeatureState) {
        self.feature = feature
        self.previous = previous
        self.current = current
    }

    /// A one-line description, such as `reminders: available -> unavailable(notifications; openSettings)`.
    public var description: String {
        "\(feature): \(previous.map(\.description) ?? "new") -> \(current)"
    }
}
