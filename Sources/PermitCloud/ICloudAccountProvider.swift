#if canImport(CloudKit)
import CloudKit
import Foundation
public import PermitSystem

/// The `CloudAccountProvider` over the system's iCloud: the identity token, the iCloud Drive (ubiquity)
/// container and CloudKit's account status.
///
/// It translates and decides nothing: signed in means `FileManager.ubiquityIdentityToken` exists; the Drive
/// container is reachable when `FileManager.url(forUbiquityContainerIdentifier:)` returns a URL; CloudKit's
/// status is `CKContainer.accountStatus()`, case for case. The container lookup can block for a while and
/// runs off the main actor. The app needs the iCloud capability (and, for Drive, its container) in its
/// entitlements.
///
/// For example:
///
/// ```swift
/// let cloud = ICloudAccountProvider(containerIdentifier: "iCloud.com.example.notes")
/// let checks = SystemCheckRunner.standardChecks(cloud: cloud, documents: documentsURL)
/// ```
public struct ICloudAccountProvider: CloudAccountProvider {
    /// The iCloud container's identifier, or `nil` for the first one in the app's entitlements.
    public let containerIdentifier: String?

    /// Creates a provider for the container `containerIdentifier`, or the default one.
    public init(containerIdentifier: String? = nil) {
        self.containerIdentifier = containerIdentifier
    }

    /// Whether someone is signed in to iCloud: an ubiquity identity token exists.
    public func isSignedIn() async throws -> Bool {
        FileManager.default.ubiquityIdentityToken != nil
    }

    /// Whether the app's iCloud Drive container has a URL; looked up off the main actor, as Apple advises.
    public func isDriveContainerReachable() async throws -> Bool {
        let identifier = containerIdentifier
        return await Task.detached {
            FileManager.default.url(forUbiquityContainerIdentifier: identifier) != nil
        }.value
    }

    /// CloudKit's account status for the container.
    ///
    /// - Throws: The error CloudKit reports when it could not be asked.
    public func cloudKitAccountStatus() async throws -> CloudKitAccountStatus {
        let container = containerIdentifier.map(CKContainer.init(identifier:)) ?? CKContainer.default()
        return Self.status(try await container.accountStatus())
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
