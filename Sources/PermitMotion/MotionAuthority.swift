// iOS only (kinds.json's platforms): CMMotionActivityManager is API_UNAVAILABLE(macos) (CMMotionActivityManager.h);
// Core Motion imports on macOS.
#if canImport(CoreMotion) && !os(macOS) && !PERMIT_CHECK_MACOS
import CoreMotion
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/motion``, over `CMMotionActivityManager`: Motion & Fitness
/// activity (steps, walking, driving).
///
/// | CoreMotion | Permit |
/// | --- | --- |
/// | no motion coprocessor (`isActivityAvailable()` false) | `unavailable` |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` (also with Fitness Tracking off in Settings) | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Core Motion has no request call: the prompt shows at the first activity query. So ``request(_:)`` queries
/// an empty interval (now to now), waits for its answer (at most ``answerTimeout``, through `PromptWait`, so a
/// query that never calls back cannot hold the request), and reads the status again. Any other kind is
/// `unavailable`. Its Info.plist key is `NSMotionUsageDescription`.
///
/// For example:
///
/// ```swift
/// let motion = MotionAuthority()
/// let status = try await motion.request(.motion)
/// ```
public struct MotionAuthority: PermissionAuthority {
    /// How long ``request(_:)`` waits for the query's answer before it reads the authorization as it is.
    public let answerTimeout: Duration

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority. `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(answerTimeout: Duration = .seconds(120), logger: Logger = Logger(label: "Permit.Motion")) {
        purposeKeys = PurposeKeyCheck(kind: .motion, logger: logger)
        self.answerTimeout = answerTimeout
    }

    /// The motion activity authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .motion else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        guard CMMotionActivityManager.isActivityAvailable() else { return .unavailable }
        return Self.status(CMMotionActivityManager.authorizationStatus())
    }

    /// Shows the system prompt when the status is `notDetermined` (by querying an empty interval of activity),
    /// and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .motion else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        let current = await status(of: kind)
        guard SystemRequestGate.asksSystem(current: current) else { return current }
        // Only the answer or the deadline ends the wait: the no-prompt window is the whole timeout.
        let wait = PromptWait(noPromptWindow: answerTimeout, deadline: answerTimeout)
        let manager = CMMotionActivityManager()
        let now = Date()
        // The handler holds the manager until the answer comes; the query's result itself is not needed.
        manager.queryActivityStarting(from: now, to: now, to: OperationQueue()) { _, _ in
            withExtendedLifetime(manager) { wait.authorizationChanged(isAnswer: true) }
        }
        _ = await wait.finish()
        return await status(of: kind)
    }

    static func status(_ authorization: CMAuthorizationStatus) -> PermissionStatus {
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
