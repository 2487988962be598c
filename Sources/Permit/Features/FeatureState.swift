/// Whether a feature can be used now, given the permissions it uses.
///
/// For example:
///
/// ```swift
/// switch await gates.state(of: reminders) {
/// case .available: showRemindersToggle(on: settings.remindersEnabled)
/// case .degraded(let missing): showRemindersToggle(on: true, note: missing)
/// case .unavailable(_, let nextStep):
///     settings.remindersEnabled = false             // the feature turns itself off, silently
///     showRemindersToggle(on: false, action: nextStep)
/// }
/// ```
public enum FeatureState: Hashable, Sendable, CustomStringConvertible {
    /// Every permission the feature uses is usable.
    case available
    /// Every required permission is usable, but these optional ones are not: the feature works with less.
    case degraded(missing: [PermissionKind])
    /// These required permissions are not usable; `nextStep` is the step for the first of them.
    case unavailable(missing: [PermissionKind], nextStep: NextStep)

    /// Whether the feature can be used: available or degraded.
    public var isUsable: Bool {
        switch self {
        case .available, .degraded: true
        case .unavailable: false
        }
    }

    /// The missing permissions: optional ones when degraded, required ones when unavailable.
    public var missing: [PermissionKind] {
        switch self {
        case .available: []
        case .degraded(let missing), .unavailable(let missing, _): missing
        }
    }

    /// The state's name and what is missing, such as `unavailable(notifications; openSettings)`.
    public var description: String {
        switch self {
        case .available: "available"
        case .degraded(let missing): "degraded(\(missing.map(\.rawValue).joined(separator: ", ")))"
        case .unavailable(let missing, let nextStep):
            "unavailable(\(missing.map(\.rawValue).joined(separator: ", ")); \(nextStep))"
        }
    }
}
