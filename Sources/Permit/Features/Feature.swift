/// A part of the app that needs permissions: the ones it cannot work without, and the ones that enrich it.
///
/// A feature's state (see ``FeatureState``) is available when every permission it uses is usable, degraded
/// when an optional one is missing, and unavailable when a required one is. Network access is not listed: it
/// is implicit, and work that needs it asks a ``NetworkMonitor`` whether to wait.
///
/// For example:
///
/// ```swift
/// let locationCapture = Feature("locationCapture", optional: [.location])
/// let reminders = Feature("reminders", requires: [.notifications])
/// let coreLogging = Feature("coreLogging")          // needs no permission at all
/// let navigation = Feature("navigation", requires: [.location], needsPreciseLocation: true)
/// ```
public struct Feature: Hashable, Sendable, CustomStringConvertible {
    /// The feature's name, unique within the app, such as `reminders`.
    public let name: String
    /// The permissions without which the feature is unavailable, in the app's order.
    public let required: [PermissionKind]
    /// The permissions without which the feature works, degraded, in the app's order.
    public let optional: [PermissionKind]
    /// Whether the feature needs precise location: its location kinds then count as missing while they read
    /// ``PermissionStatus/approximate``, with the next step ``NextStep/requestTemporaryFullAccuracy`` (or
    /// ``NextStep/unavailable`` when the manifest declares no ``PermissionDeclaration/fullAccuracyPurposeKey``).
    /// Default: `false`, and approximate location counts as usable.
    public let needsPreciseLocation: Bool

    /// Creates a feature. A kind listed twice counts once; a kind listed as both required and optional is
    /// required. With `needsPreciseLocation`, approximate location is not enough (see ``needsPreciseLocation``).
    public init(
        _ name: String, requires required: [PermissionKind] = [], optional: [PermissionKind] = [],
        needsPreciseLocation: Bool = false
    ) {
        var seen = Set<PermissionKind>()
        self.name = name
        self.required = required.filter { seen.insert($0).inserted }
        self.optional = optional.filter { seen.insert($0).inserted }
        self.needsPreciseLocation = needsPreciseLocation
    }

    /// Whether `state` is enough for the feature: usable, and precise where the feature needs precise location.
    func accepts(_ state: PermissionState) -> Bool {
        state.isUsable && !(needsPreciseLocation && state.status == .approximate)
    }

    /// Every permission the feature uses: the required ones, then the optional ones.
    public var kinds: [PermissionKind] { required + optional }

    /// The feature's name.
    public var description: String { name }
}
