/// What the iCloud checks may conclude from the two signals iOS gives: the ubiquity identity token and
/// CloudKit's account status.
///
/// `FileManager.ubiquityIdentityToken` is the iCloud Drive identity: Apple documents it as `nil` when the user
/// is not signed in *or* when iCloud Drive is turned off, and it is `nil` in an app without the iCloud Documents
/// service ("ubiquityIdentityToken", Apple's Foundation documentation). So a token means signed in, but no token
/// does not mean signed out: only CloudKit's `accountStatus()` can say `noAccount`, and only for an app that has
/// the CloudKit service and a container. `CKContainer.default()` in an app without the CloudKit entitlement
/// raises an Objective-C exception that Swift cannot catch ("CKContainer", and the crash reports developers
/// file when they forget the capability), so CloudKit is asked only when the app names its container.
///
/// An app that names no container has the token alone, and reads it as seed 004 does: no token is no iCloud
/// for this app, signed out (or iCloud Drive off, which the token cannot tell apart), so that a person who
/// signed out is told "iCloud Not Available". With a container, CloudKit tells the two apart, and no answer
/// from it stays unknown.
///
/// The adapter (`ICloudAccountProvider` in `PermitCloud`) reads the signals and returns these decisions.
///
/// For example:
///
/// ```swift
/// ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: .available, cloudKitConfigured: true)  // .signedIn
/// ICloudAccountReading.signedIn(hasIdentityToken: false, cloudKit: nil, cloudKitConfigured: false)        // .signedOut
/// ```
package enum ICloudAccountReading {
    /// Whether someone is signed in, as far as the signals tell.
    package enum SignIn: Sendable, Equatable {
        /// Someone is signed in.
        case signedIn
        /// No one is signed in.
        case signedOut
        /// The signals cannot tell (no token, and CloudKit not asked or with no answer).
        case unknown
    }

    /// Whether CloudKit is asked, and with which container.
    package enum CloudKitQuery: Sendable, Equatable {
        /// Ask `CKContainer(identifier:)` for its account status.
        case ask(containerIdentifier: String)
        /// Do not touch CloudKit: the app named no container.
        case notConfigured
    }

    /// The sign-in state from the identity token and, when CloudKit was asked (the app configured a container,
    /// `cloudKitConfigured`), its account status.
    package static func signedIn(
        hasIdentityToken: Bool, cloudKit: CloudKitAccountStatus?, cloudKitConfigured: Bool
    ) -> SignIn {
        if hasIdentityToken { return .signedIn }
        guard cloudKitConfigured else { return .signedOut }
        switch cloudKit {
        case .available?, .restricted?, .temporarilyUnavailable?: return .signedIn
        case .noAccount?: return .signedOut
        case .couldNotDetermine?, nil: return .unknown
        }
    }

    /// Whether someone is signed in, as a provider answers: from the identity token and, when `query` asked it,
    /// CloudKit's status. The one mapping `ICloudAccountProvider` uses, and the tests on Linux.
    ///
    /// - Throws: `SystemError.couldNotDetermine` when the signals cannot tell.
    package static func isSignedIn(
        hasIdentityToken: Bool, cloudKit: CloudKitAccountStatus?, query: CloudKitQuery
    ) throws -> Bool {
        switch signedIn(hasIdentityToken: hasIdentityToken, cloudKit: cloudKit, cloudKitConfigured: query != .notConfigured) {
        case .signedIn: return true
        case .signedOut: return false
        case .unknown:
            throw SystemError.couldNotDetermine.withDetail(
                "no iCloud Drive identity (iCloud Drive off, or signed out) and no answer from CloudKit")
        }
    }

    /// Whether CloudKit is asked: only for a container the app configured (a non-empty identifier).
    package static func cloudKitQuery(containerIdentifier: String?) -> CloudKitQuery {
        guard let containerIdentifier, !containerIdentifier.isEmpty else { return .notConfigured }
        return .ask(containerIdentifier: containerIdentifier)
    }
}
