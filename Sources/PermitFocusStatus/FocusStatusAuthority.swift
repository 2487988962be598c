#if canImport(Intents)
import Intents
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/focusStatus``, over `INFocusStatusCenter`.
///
/// Whether the person's Focus silences notifications, which a messaging app shows to the sender. It translates
/// and decides nothing:
///
/// | Intents | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSFocusStatusUsageDescription`; the app also needs the
/// Communication Notifications capability.
///
/// For example:
///
/// ```swift
/// let focus = FocusStatusAuthority()
/// let status = try await focus.request(.focusStatus)
/// ```
public struct FocusStatusAuthority: PermissionAuthority {
    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.FocusStatus")) {
        purposeKeys = PurposeKeyCheck(kind: .focusStatus, logger: logger)
    }

    /// The Focus status authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .focusStatus else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return Self.status(INFocusStatusCenter.default.authorizationStatus)
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .focusStatus else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        if INFocusStatusCenter.default.authorizationStatus == .notDetermined {
            return Self.status(await INFocusStatusCenter.default.requestAuthorization())
        }
        return await status(of: kind)
    }

    static func status(_ authorization: INFocusStatusAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .granted
        @unknown default: .unavailable
        }
    }
}
#endif
