#if canImport(Contacts)
import Contacts
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/contacts``, over `CNContactStore`.
///
/// It translates and decides nothing:
///
/// | Contacts | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
/// | `limited` (iOS 18: the contacts the person chose) | `limited` |
///
/// Any other kind is `unavailable`. With limited access, the app offers more contacts with ContactsUI's contact
/// access picker (`contactAccessPicker(isPresented:completionHandler:)` or `ContactAccessButton`); the status
/// stays `limited`. Its Info.plist key is `NSContactsUsageDescription`.
///
/// For example:
///
/// ```swift
/// let contacts = ContactsAuthority()
/// let status = try await contacts.request(.contacts)   // the system prompt, the first time
/// ```
public struct ContactsAuthority: PermissionAuthority {
    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.Contacts")) {
        purposeKeys = PurposeKeyCheck(kind: .contacts, logger: logger)
    }

    /// The contacts authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .contacts else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return Self.status(CNContactStore.authorizationStatus(for: .contacts))
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    ///
    /// - Throws: The error Contacts reports.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .contacts else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        if CNContactStore.authorizationStatus(for: .contacts) == .notDetermined {
            _ = try await CNContactStore().requestAccess(for: .contacts)
        }
        return await status(of: kind)
    }

    static func status(_ authorization: CNAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorized: return .granted
        default:
            // `limited` is named on iOS 18 only; its raw value is 4. Later cases are not known.
            return authorization.rawValue == 4 ? .limited : .unavailable
        }
    }
}
#endif
