/// A ``CloudAccountProvider`` for a system without iCloud, such as Linux: every method throws
/// ``SystemError/notSupportedOnThisPlatform``.
///
/// The iCloud and CloudKit checks then report ``SystemCheckOutcome/notSupported``, which raises no
/// warning: the app works without sync there, and saying so is not an alarm.
///
/// For example, `permit status` on Linux:
///
/// ```swift
/// let checks = SystemCheckRunner.standardChecks(cloud: UnsupportedCloudAccountProvider(), documents: url)
/// ```
public struct UnsupportedCloudAccountProvider: CloudAccountProvider {
    /// Creates the provider.
    public init() {}

    /// Throws ``SystemError/notSupportedOnThisPlatform``.
    public func isSignedIn() async throws -> Bool { throw Self.unsupported }

    /// Throws ``SystemError/notSupportedOnThisPlatform``.
    public func isDriveContainerReachable() async throws -> Bool { throw Self.unsupported }

    /// Throws ``SystemError/notSupportedOnThisPlatform``.
    public func cloudKitAccountStatus() async throws -> CloudKitAccountStatus { throw Self.unsupported }

    private static let unsupported = SystemError.notSupportedOnThisPlatform.withDetail("no iCloud on this system")
}
