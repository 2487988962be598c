import Permit

/// An error from Permit's server side.
///
/// Compare against the static members; descriptions never echo a token, a cookie or a request body.
package struct ServerError: CodedError {
    private enum Code: String, Sendable {
        case storageCorrupt
        case storageFailed
        case storageTimedOut
        case storageUnavailable
        case storageUnreachable
        case badRequest
        case unauthorized
        case proofRefused
        case credentialsInvalid
        case pushServiceUnreachable
        case pushAuthenticationFailed
    }

    private let member: Code
    /// More about this occurrence, never user data. Not part of equality.
    package let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The storage returned something the registry did not write.
    package static let storageCorrupt = ServerError(.storageCorrupt)
    /// The storage failed: the engine could not be opened or refused a statement.
    package static let storageFailed = ServerError(.storageFailed)
    /// The storage did not answer within its deadline; what was in flight may or may not have been written.
    package static let storageTimedOut = ServerError(.storageTimedOut)
    /// The database could not be asked: a connection was lost or refused while the server ran.
    package static let storageUnavailable = ServerError(.storageUnavailable)
    /// At start, the database could not be reached, refused the credentials or has no such database.
    package static let storageUnreachable = ServerError(.storageUnreachable)
    /// A request's cookies or body are malformed or too large; nothing was stored.
    package static let badRequest = ServerError(.badRequest)
    /// A native report came without the right app key.
    package static let unauthorized = ServerError(.unauthorized)
    /// A report was refused because it did not prove it comes from its installation: its proof is another's, or
    /// it has none and the installation has proved itself. Nothing was stored; the detail says which.
    package static let proofRefused = ServerError(.proofRefused)

    /// A push credential (an FCM service account, an APNs signing key) cannot be read or used.
    package static let credentialsInvalid = ServerError(.credentialsInvalid)
    /// FCM, APNs or the OAuth token endpoint could not be reached, or did not answer in time.
    package static let pushServiceUnreachable = ServerError(.pushServiceUnreachable)
    /// The OAuth token endpoint refused the service account's signed assertion.
    package static let pushAuthenticationFailed = ServerError(.pushAuthenticationFailed)

    /// The same error with `detail` attached.
    package func withDetail(_ detail: String) -> ServerError { ServerError(member, detail: detail) }

    /// Whether this is the storage being out of reach or too slow (``storageTimedOut``,
    /// ``storageUnavailable``), as opposed to refusing a particular write: trying again at once cannot help.
    package var isOutage: Bool { member == .storageTimedOut || member == .storageUnavailable }

    /// The member's name, such as `badRequest`.
    package var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    package var summary: String {
        switch member {
        case .storageCorrupt: "the registry's storage holds an unexpected row"
        case .storageFailed: "the registry's storage failed"
        case .storageTimedOut: "the registry's storage did not answer in time"
        case .storageUnavailable: "the registry's storage cannot be reached"
        case .storageUnreachable: "the registry's database cannot be used"
        case .badRequest: "the request's cookies or body are malformed or too large"
        case .unauthorized: "the app key is missing or wrong"
        case .proofRefused: "the report does not prove it comes from its installation"
        case .credentialsInvalid: "the push credential cannot be read or used"
        case .pushServiceUnreachable: "the push service could not be reached"
        case .pushAuthenticationFailed: "the push service refused the credential"
        }
    }
}
