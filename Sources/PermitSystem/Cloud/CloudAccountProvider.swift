/// The system's iCloud and CloudKit accounts, as the iCloud and CloudKit checks see them.
///
/// `ICloudAccountProvider` in the `PermitCloud` adapter implements it over `FileManager.ubiquityIdentityToken`,
/// `FileManager.url(forUbiquityContainerIdentifier:)` and `CKContainer.accountStatus()`;
/// `SimulatedCloud` in `PermitTesting` implements it for tests; ``UnsupportedCloudAccountProvider`` stands
/// for a system without iCloud, such as Linux.
///
/// ## Implementation requirements
///
/// - Each method reads the current state without showing UI and without side effects.
/// - Each may be called concurrently with the others and at any time.
/// - Throw ``SystemError/notSupportedOnThisPlatform`` when the system has no iCloud at all; throw any other
///   error when the system could not be asked. The checks record the first as not supported and the second as
///   could not determine.
/// - Looking up the iCloud Drive container can block for a while on Apple platforms; do it off the main
///   thread. The checks' runner gives up on an answer after its timeout.
///
/// For example, a provider for a device that is always signed in:
///
/// ```swift
/// struct SignedIn: CloudAccountProvider {
///     func isSignedIn() async throws -> Bool { true }
///     func isDriveContainerReachable() async throws -> Bool { true }
///     func cloudKitAccountStatus() async throws -> CloudKitAccountStatus { .available }
/// }
/// ```
public protocol CloudAccountProvider: Sendable {
    /// Whether someone is signed in to iCloud on this device (iOS: an ubiquity identity token exists).
    func isSignedIn() async throws -> Bool
    /// Whether the app's iCloud Drive container can be reached (iOS: its ubiquity container URL exists).
    func isDriveContainerReachable() async throws -> Bool
    /// CloudKit's view of the account, as `CKContainer.accountStatus()` reports it.
    func cloudKitAccountStatus() async throws -> CloudKitAccountStatus
}
