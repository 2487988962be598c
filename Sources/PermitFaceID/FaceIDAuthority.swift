#if canImport(LocalAuthentication)
import LocalAuthentication
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/faceID``, over LocalAuthentication.
///
/// iOS asks for Face ID the first time an app evaluates a biometric policy, and has no "not determined" state
/// before that: `canEvaluatePolicy` succeeds until the person declines. So the kind reads (the mapping is
/// `FaceIDAvailability`'s, tested on every platform):
///
/// | LocalAuthentication | Permit |
/// | --- | --- |
/// | no Face ID on the device (Touch ID, none) | `unavailable` |
/// | Face ID, nobody enrolled (`biometryNotEnrolled`) | `unavailable` |
/// | Face ID, the app declined (`biometryNotAvailable`) | `denied` |
/// | Face ID can be evaluated (locked out included) | `granted`, also before the first prompt |
///
/// Any other kind is `unavailable`. ``request(_:)`` evaluates the biometric policy with ``reason``: the
/// permission prompt the first time, then a Face ID scan; a cancelled scan is not an error. Its Info.plist key is
/// `NSFaceIDUsageDescription`.
///
/// For example:
///
/// ```swift
/// let faceID = FaceIDAuthority(reason: "Unlock your trail log.")
/// let status = try await faceID.request(.faceID)
/// ```
public struct FaceIDAuthority: PermissionAuthority {
    /// The text the Face ID scan shows, saying what it unlocks.
    public let reason: String

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority. `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(reason: String, logger: Logger = Logger(label: "Permit.FaceID")) {
        purposeKeys = PurposeKeyCheck(kind: .faceID, logger: logger)
        self.reason = reason
    }

    /// Whether Face ID is there and allowed for the app, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .faceID else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        let context = LAContext()
        var error: NSError?
        let canEvaluate = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
        return FaceIDAvailability.status(
            canEvaluate: canEvaluate, errorCode: error?.code, isFaceID: context.biometryType == .faceID)
    }

    /// Evaluates the biometric policy (the permission prompt the first time) and returns the status after it.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .faceID else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        guard await status(of: kind) == .granted else { return await status(of: kind) }
        // A cancelled or failed scan says nothing about the permission: the status afterwards does.
        _ = try? await LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason)
        return await status(of: kind)
    }

}
#endif
