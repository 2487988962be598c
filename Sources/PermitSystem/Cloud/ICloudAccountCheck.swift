/// Checks that someone is signed in to iCloud: "iCloud Available".
///
/// Fails when no one is signed in, which raises ``SystemWarning/iCloudNotAvailable``.
///
/// For example:
///
/// ```swift
/// let finding = try await ICloudAccountCheck(provider: cloud).run()   // .passed("signed in to iCloud")
/// ```
public struct ICloudAccountCheck: SystemCheck {
    /// Where the account is read.
    public let provider: any CloudAccountProvider

    /// Creates the check.
    public init(provider: any CloudAccountProvider) { self.provider = provider }

    /// ``SystemCheckID/iCloud``.
    public var id: SystemCheckID { .iCloud }
    /// "iCloud".
    public var title: String { "iCloud" }
    /// "Required for sync and backups".
    public var purpose: String { "Required for sync and backups" }

    /// Asks the provider whether someone is signed in.
    public func run() async throws -> SystemCheckFinding {
        try await provider.isSignedIn() ? .passed("signed in to iCloud") : .failed("no one is signed in to iCloud")
    }
}
