#if canImport(HomeKit) && !os(macOS) && !PERMIT_CHECK_MACOS
import Foundation
public import HomeKit
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/homeKit``, over `HMHomeManager`.
///
/// The mapping is `HomeAuthorization`'s, tested on every platform:
///
/// | HomeKit (`HMHomeManager.authorizationStatus`) | Permit |
/// | --- | --- |
/// | not `determined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `authorized` | `granted` |
/// | `determined`, neither of the others | `denied` |
///
/// HomeKit reads its status from a home manager, and creating the first one shows the prompt. So the authority
/// creates its manager only in ``request(_:)``, or at the first read when it remembers (in `UserDefaults`, under
/// ``defaultsKey``) that the person already decided, so that the first read after a relaunch follows the
/// decision rather than reading `notDetermined` (`HomeAuthorization.readWithoutManager(remembered:)`, tested on
/// Linux); the app may also pass a manager it already made. The request waits for the manager's status update, or
/// for ``answerTimeout``, whichever comes first (each request its own `PromptWait`, tested on Linux): a
/// request always completes. Any other kind is `unavailable`.
/// Its Info.plist key is `NSHomeKitUsageDescription`; the app also needs the HomeKit capability.
///
/// For example:
///
/// ```swift
/// let home = HomeAuthority()
/// let status = try await home.request(.homeKit)
/// ```
@MainActor
public final class HomeAuthority: NSObject, PermissionAuthority, HMHomeManagerDelegate {
    /// How long ``request(_:)`` waits for the answer before it reads the status as it is.
    public let answerTimeout: Duration
    /// The `UserDefaults` key under which the authority remembers the last determined status a manager reported.
    public nonisolated static let defaultsKey = "PermitHome.lastDeterminedStatus"
    private var manager: HMHomeManager?
    /// The waits of the requests in flight: each ends at the answer or at its own deadline.
    private var waits: [PromptWait] = []
    private var changeHandler: (@Sendable (PermissionKind) -> Void)?

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority. Pass the app's home manager if it has one; otherwise none is created until
    /// ``request(_:)``, so that reading the status never prompts. `logger` hears, once, that Info.plist lacks the
    /// kind's purpose string.
    public init(
        manager: HMHomeManager? = nil, answerTimeout: Duration = .seconds(120),
        logger: Logger = Logger(label: "Permit.Home")
    ) {
        purposeKeys = PurposeKeyCheck(kind: .homeKit, logger: logger)
        self.manager = manager
        self.answerTimeout = answerTimeout
        super.init()
        manager?.delegate = self
    }

    /// The HomeKit authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .homeKit else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        let remembered = UserDefaults.standard.string(forKey: Self.defaultsKey)
        guard let manager else {
            let read = HomeAuthorization.readWithoutManager(remembered: remembered)
            if read.createsManager { makeManager() }
            return read.status
        }
        let live = Self.status(manager.authorizationStatus)
        remember(live)
        return HomeAuthorization.status(live: live, remembered: remembered)
    }

    /// Creates the authority's home manager, with itself as the delegate.
    private func makeManager() {
        let created = HMHomeManager()
        created.delegate = self
        manager = created
    }

    /// Keeps a determined status for the first read of the next launch; writes only a change.
    private func remember(_ status: PermissionStatus) {
        guard status != .notDetermined,
            UserDefaults.standard.string(forKey: Self.defaultsKey) != status.rawValue
        else { return }
        UserDefaults.standard.set(status.rawValue, forKey: Self.defaultsKey)
    }

    /// Shows the system prompt when the status is `notDetermined` (by creating the home manager), and returns
    /// the status after the answer or after ``answerTimeout``.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .homeKit else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        let current = await status(of: kind)
        guard SystemRequestGate.asksSystem(current: current) else { return current }
        // Only the answer or the deadline ends the wait: the no-prompt window is the whole timeout.
        let wait = PromptWait(noPromptWindow: answerTimeout, deadline: answerTimeout)
        waits.append(wait)
        if manager == nil { makeManager() }
        _ = await wait.finish()
        waits.removeAll { $0 === wait }
        return await status(of: kind)
    }

    /// Installs the handler that hears about authorization changes while the app runs.
    public func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        changeHandler = handler
    }

    // MARK: - HMHomeManagerDelegate

    /// Tells the waiting requests whether the person answered, and reports the change.
    ///
    /// `HMHomeManager.h` promises no queue for its delegate, so the call hops to the main queue explicitly
    /// rather than assume it is already there (an assumption that traps when wrong). The main queue runs the
    /// hops in the order HomeKit made the calls, which a task per call would not promise.
    public nonisolated func homeManager(_ manager: HMHomeManager, didUpdate status: HMHomeManagerAuthorizationStatus) {
        let answered = status.contains(.determined)
        let reported = Self.status(status)
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.remember(reported)
                for wait in self.waits { wait.authorizationChanged(isAnswer: answered) }
                self.changeHandler?(.homeKit)
            }
        }
    }

    nonisolated static func status(_ authorization: HMHomeManagerAuthorizationStatus) -> PermissionStatus {
        HomeAuthorization.status(
            determined: authorization.contains(.determined), restricted: authorization.contains(.restricted),
            authorized: authorization.contains(.authorized))
    }
}
#endif
