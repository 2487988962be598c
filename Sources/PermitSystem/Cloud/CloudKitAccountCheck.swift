/// Checks CloudKit's account status: "CloudKit Available".
///
/// Passes only for ``CloudKitAccountStatus/available``. ``CloudKitAccountStatus/couldNotDetermine`` is
/// recorded as ``SystemCheckOutcome/couldNotDetermine``, the other statuses as
/// ``SystemCheckOutcome/failed``; every status but available raises ``SystemWarning/cloudKitUnavailable``.
///
/// For example:
///
/// ```swift
/// let finding = try await CloudKitAccountCheck(provider: cloud).run()   // .failed("CloudKit is restricted ...")
/// ```
public struct CloudKitAccountCheck: SystemCheck {
    /// Where the account status is read.
    public let provider: any CloudAccountProvider

    /// Creates the check.
    public init(provider: any CloudAccountProvider) { self.provider = provider }

    /// ``SystemCheckID/cloudKit``.
    public var id: SystemCheckID { .cloudKit }
    /// "CloudKit".
    public var title: String { "CloudKit" }
    /// "Syncs data across devices".
    public var purpose: String { "Syncs data across devices" }

    /// Asks the provider for the account status.
    public func run() async throws -> SystemCheckFinding {
        Self.finding(for: try await provider.cloudKitAccountStatus())
    }

    /// The finding for one account status.
    public static func finding(for status: CloudKitAccountStatus) -> SystemCheckFinding {
        switch status {
        case .available: .passed("the CloudKit account is available")
        case .noAccount: .failed("no iCloud account is signed in for CloudKit")
        case .restricted: .failed("CloudKit is restricted by parental controls or device management")
        case .couldNotDetermine: .couldNotDetermine("CloudKit could not determine the account status")
        case .temporarilyUnavailable: .failed("the CloudKit account is temporarily unavailable")
        }
    }
}
