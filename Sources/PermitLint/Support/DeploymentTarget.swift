/// The oldest iOS version an app runs on, which decides whether legacy purpose keys are still needed.
///
/// Before iOS 17 the system reads `NSCalendarsUsageDescription` and `NSRemindersUsageDescription`; from iOS 17
/// on it reads the full-access and write-only keys. An app that also runs on iOS 16 needs both. The default
/// is iOS 16, Permit's own minimum.
///
/// For example:
///
/// ```swift
/// let target = DeploymentTarget("17.0")      // major 17, minor 0
/// target! >= DeploymentTarget(major: 17)     // true
/// ```
public struct DeploymentTarget: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The major version, such as 16.
    public let major: Int
    /// The minor version, such as 4 in 16.4.
    public let minor: Int

    /// Creates a target from its numbers.
    public init(major: Int, minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Reads `16`, `16.4` or `16.4.1` (the patch is ignored); `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let major = Int(parts[0]), major > 0,
            parts.dropFirst().allSatisfy({ Int($0).map { $0 >= 0 } ?? false })
        else { return nil }
        self.init(major: major, minor: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// iOS 16, Permit's minimum and the default.
    public static let permitMinimum = DeploymentTarget(major: 16)

    /// Orders by major, then minor version.
    public static func < (lhs: DeploymentTarget, rhs: DeploymentTarget) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// The version as written: `16.0`.
    public var description: String { "\(major).\(minor)" }
}
