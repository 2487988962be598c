package import Permit

/// The one flow of the camera and microphone adapters (`PermitCamera`, `PermitMicrophone`): each passes its own
/// AVFoundation calls as closures, so that each binary still references only its own media type's API
/// (App Store Connect checks the references, ITMS-90683), and the flow is tested on Linux.
///
/// ``status(of:)`` reads `CaptureAuthorizationDecision.status(authorization:hasDevice:hasPurposeString:)`;
/// ``request(_:)`` asks (`requestAccess`) only when the decision says `ask`, then reads the status again. Any
/// other kind is `unavailable`.
///
/// For example, in `PermitMicrophone`:
///
/// ```swift
/// let flow = CaptureAuthorityFlow(
///     kind: .microphone, purposeKeys: purposeKeys, authorization: { Self.authorization() },
///     hasDevice: { Self.hasDevice }, requestAccess: { _ = await AVCaptureDevice.requestAccess(for: .audio) })
/// ```
package struct CaptureAuthorityFlow: Sendable {
    /// The kind it answers for.
    package let kind: PermissionKind
    private let purposeKeys: PurposeKeyCheck
    private let authorization: @Sendable () -> CaptureAuthorizationDecision.Authorization
    private let hasDevice: @Sendable () -> Bool
    private let requestAccess: @Sendable () async -> Void

    /// A flow for `kind` over the adapter's AVFoundation calls.
    package init(
        kind: PermissionKind, purposeKeys: PurposeKeyCheck,
        authorization: @escaping @Sendable () -> CaptureAuthorizationDecision.Authorization,
        hasDevice: @escaping @Sendable () -> Bool, requestAccess: @escaping @Sendable () async -> Void
    ) {
        self.kind = kind
        self.purposeKeys = purposeKeys
        self.authorization = authorization
        self.hasDevice = hasDevice
        self.requestAccess = requestAccess
    }

    /// The status, read without prompting.
    package func status(of kind: PermissionKind) -> PermissionStatus {
        guard kind == self.kind else { return .unavailable }
        return CaptureAuthorizationDecision.status(
            authorization: authorization(), hasDevice: hasDevice(), hasPurposeString: !purposeKeys.isMissing)
    }

    /// Asks when the decision says so, and returns the status afterwards.
    package func request(_ kind: PermissionKind) async -> PermissionStatus {
        guard kind == self.kind else { return .unavailable }
        let action = CaptureAuthorizationDecision.requestAction(
            authorization: authorization(), hasDevice: hasDevice(), hasPurposeString: !purposeKeys.isMissing)
        switch action {
        case .ask:
            await requestAccess()
            return status(of: kind)
        case .answer(let status):
            return status
        }
    }
}
