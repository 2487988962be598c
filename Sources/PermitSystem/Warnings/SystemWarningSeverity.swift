/// How serious a ``SystemWarning`` is: red, orange and blue.
///
/// Severities compare by seriousness: `.info < .warning < .critical`.
public enum SystemWarningSeverity: String, Hashable, Codable, Sendable, CaseIterable, Comparable,
    CustomStringConvertible
{
    /// For information; nothing is broken (blue).
    case info
    /// Something the person should fix, but the app still keeps their data (orange).
    case warning
    /// Data cannot be synced or backed up (red).
    case critical

    /// Orders by seriousness.
    public static func < (lhs: SystemWarningSeverity, rhs: SystemWarningSeverity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .critical: 2
        }
    }

    /// The raw value.
    public var description: String { rawValue }
}
