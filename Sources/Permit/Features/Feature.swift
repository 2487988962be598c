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
/// ```
public struct Feature: Hashable, Sendable, CustomStringConvertible {
    /// The feature's name, unique within the app, such as `reminders`.
    public let name: String
    /// The permissions without which the feature is unavailable, in the app's order.
    public let required: [PermissionKind]
    /// The permissions without which the feature works, degraded, in the app's order.
    public let optional: [PermissionKind]

    /// Creates a feature. A kind listed twice counts once; a kind listed as both required and optional is
    /// required.
    public init(_ name: String, requires required: [PermissionKind] = [], optional: [PermissionKind] = []) {
        var seen = Set<PermissionKind>()
        self.name = name
        self.required = required.filter { seen.insert($0).inserted }
        self.optional = optional.filter { seen.insert($0).inserted }
    }

    /// Every permission the feature uses: the required ones, then the optional ones.
    public var kinds: [PermissionKind] { required + optional }

    /// The feature's name.
    public var description: String { name }
}
