#if canImport(CloudKit)
import CloudKit
import Foundation
public import PermitSystem

/// The `CloudAccountProvider` over the system's iCloud: the identity token, the iCloud Drive (ubiquity)
/// container and CloudKit's account status.
///
/// It translates; `ICloudAccountReading` in `PermitSystem` decides, tested on Linux:
///
/// - Signed in: an ubiquity identity token exists, or, without one, CloudKit reports an account. The token is the
///   iCloud Drive identity, `nil` also when iCloud Drive is off or the app has no iCloud Documents service, so
///   without a token and without a CloudKit answer the provider throws `SystemError.couldNotDetermine` rather
///   than report "not signed in".
/// - The Drive container is reachable when `FileManager.url(forUbiquityContainerIdentifier:)` returns a URL,
///   looked up off the main actor (it can block).
/// - CloudKit is asked only for ``cloudKitContainerIdentifier``: `CKContainer.default()` in an app without the
///   CloudKit entitlement raises an exception Swift cannot catch, so the provider never calls it. Without a
///   container, ``cloudKitAccountStatus()`` throws `SystemError.notSupportedOnThisPlatform` and the CloudKit
///   check records "not supported". Passing a container identifier is the app's declaration that it holds the
///   CloudKit entitlement for that container (an app cannot read its own entitlements at run time).
///
/// The app's entitlements need the iCloud capability with the services it uses: iCloud Documents (for Drive)
/// and CloudKit (for the account status), with the container checked in both.
///
/// For example:
///
/// ```swift
/// let cloud = ICloudAccountProvider(
///     driveContainerIdentifier: "iCloud.com.example.app", cloudKitContainerIdentifier: "iCloud.com.example.app")
/// let checks = SystemCheckRunner.standardChecks(cloud: cloud, documents: documentsURL)
/// ```
public struct ICloudAccountProvider: CloudAccountProvider {
    /// The iCloud Documents container's identifier, or `nil` for the first one in the app's entitlements.
    public let driveContainerIdentifier: String?
    /// The CloudKit container's identifier, or `nil` when the app does not use CloudKit: CloudKit is then never
    /// touched.
    public let cloudKitContainerIdentifier: String?

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - driveContainerIdentifier: The iCloud Documents container, or `nil` for the first in the entitlements.
    ///   - cloudKitContainerIdentifier: The CloudKit container, or `nil` (the default) not to use CloudKit.
    public init(driveContainerIdentifier: String? = nil, cloudKitContainerIdentifier: String? = nil) {
        self.driveContainerIdentifier = driveContainerIdentifier
        self.cloudKitContainerIdentifier = cloudKitContainerIdentifier
    }

    /// Whether someone is signed in to iCloud, as `ICloudAccountReading` concludes from the identity token and,
    /// without one, CloudKit's account status.
    ///
    /// - Throws: `SystemError.couldNotDetermine` when the signals cannot tell.
    public func isSignedIn() async throws -> Bool {
        let hasToken = FileManager.default.ubiquityIdentityToken != nil
        var cloudKit: CloudKitAccountStatus?
        let query = ICloudAccountReading.cloudKitQuery(containerIdentifier: cloudKitContainerIdentifier)
        if !hasToken, case .ask = query {
            cloudKit = try? await cloudKitAccountStatus()
        }
        return try ICloudAccountReading.isSignedIn(hasIdentityToken: hasToken, cloudKit: cloudKit, query: query)
    }

    /// Whether the app's iCloud Drive container has a URL; looked up off the main actor, as Apple advises.
    public func isDriveContainerReachable() async throws -> Bool {
        await Self.hasUbiquityContainer(driveContainerIdentifier)
    }

    /// Looks the container up on the concurrent executor, whatever actor the caller is on.
    @concurrent private static func hasUbiquityContainer(_ identifier: String?) async -> Bool {
        FileManager.default.url(forUbiquityContainerIdentifier: identifier) != nil
    }

    /// CloudKit's account status for ``cloudKitContainerIdentifier``.
    ///
    /// - Throws: `SystemError.notSupportedOnThisPlatform` when the app configured no CloudKit container, or the
    ///   error CloudKit reports when it could not be asked.
    public func cloudKitAccountStatus() async throws -> CloudKitAccountStatus {
        switch ICloudAccountReading.cloudKitQuery(containerIdentifier: cloudKitContainerIdentifier) {
        case .notConfigured:
            throw SystemError.notSupportedOnThisPlatform.withDetail("the app configured no CloudKit container")
        case .ask(let identifier):
            return Self.status(try await CKContainer(identifier: identifier).accountStatus())
        }
    }

    static func status(_ status: CKAccountStatus) -> CloudKitAccountStatus {
        switch status {
        case .available: .available
        case .noAccount: .noAccount
        case .restricted: .restricted
        case .couldNotDetermine: .couldNotDetermine
        case .temporarilyUnavailable: .temporarilyUnavailable
        @unknown default: .couldNotDetermine
        }
    }
}
#endif
