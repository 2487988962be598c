// iOS only (kinds.json's platforms): INPreferences is API_UNAVAILABLE(macos) (INPreferences.h); Intents itself
// imports on macOS.
#if canImport(Intents) && !os(macOS) && !PERMIT_CHECK_MACOS
import Intents
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/siri``, over `INPreferences`: whether Siri may send the app's
/// intents requests.
///
/// It translates and decides nothing:
///
/// | Intents | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSSiriUsageDescription`; the app also needs the Siri
/// capability (the `com.apple.developer.siri` entitlement): without it any use of `INPreferences` raises and
/// terminates the app, so the app declares that it holds it (`holdsSiriEntitlement`). Without the key or the
/// declaration the kind reads `unavailable`, is logged once as an error naming what is missing, and
/// `INPreferences` is never touched (`PurposeKeyCheck`, tested on Linux). An app cannot read its own entitlements
/// at run time: the declaration is the app's word, and a wrong `true` still crashes. It is a module of
/// its own, apart from `PermitFocusStatus`, though both use Intents: each references only its own kind's API.
///
/// For example:
///
/// ```swift
/// let siri = SiriAuthority(holdsSiriEntitlement: true)
/// let status = try await siri.request(.siri)
/// ```
public struct SiriAuthority: PermissionAuthority {
    /// The shared flow: read at once, ask only while not determined.
    private let base = CallbackAuthority(
        kind: .siri, status: { Self.status(INPreferences.siriAuthorizationStatus()) },
        ask: { answer in INPreferences.requestSiriAuthorization { answer(Self.status($0)) } })

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// The entitlement without which `INPreferences` raises.
    public static let entitlement = "com.apple.developer.siri"

    /// Creates the authority; `holdsSiriEntitlement` says that the app is signed with the Siri capability
    /// (``entitlement``), and `logger` hears, once, that it is not or that Info.plist lacks the purpose string.
    public init(holdsSiriEntitlement: Bool, logger: Logger = Logger(label: "Permit.Siri")) {
        purposeKeys = PurposeKeyCheck(
            kind: .siri, entitlement: Self.entitlement, entitlementDeclared: holdsSiriEntitlement, logger: logger)
    }

    /// The authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind != base.kind || !purposeKeys.isMissing else { return .unavailable }
        return await base.status(of: kind)
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind != base.kind || !purposeKeys.isMissing else { return .unavailable }
        return try await base.request(kind)
    }

    static func status(_ authorization: INSiriAuthorizationStatus) -> PermissionStatus {
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
