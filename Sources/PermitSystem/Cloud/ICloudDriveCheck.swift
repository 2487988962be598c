/// Checks that the app's iCloud Drive container can be reached: "iCloud Drive Enabled".
///
/// Fails when the container cannot be reached, which raises ``SystemWarning/iCloudDriveDisabled`` when
/// iCloud itself is available (when it is not, ``SystemWarning/iCloudNotAvailable`` says what to do).
///
/// For example:
///
/// ```swift
/// let finding = try await ICloudDriveCheck(provider: cloud).run()   // .failed("the iCloud Drive container cannot be reached")
/// ```
public struct ICloudDriveCheck: SystemCheck {
    /// Where the container is looked up.
    public let provider: any CloudAccountProvider

    /// Creates the check.
    public init(provider: any CloudAccountProvider) { self.provider = provider }

    /// ``SystemCheckID/iCloudDrive``.
    public var id: SystemCheckID { .iCloudDrive }
    /// "iCloud Drive".
    public var title: String { "iCloud Drive" }
    /// "Required for cloud backups".
    public var purpose: String { "Required for cloud backups" }

    /// Asks the provider whether the container can be reached.
    public func run() async throws -> SystemCheckFinding {
        try await provider.isDriveContainerReachable()
            ? .passed("the iCloud Drive container is reachable")
            : .failed("the iCloud Drive container cannot be reached")
    }
}
