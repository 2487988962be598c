// iOS only (kinds.json's platforms): NISession is API_UNAVAILABLE(macos, tvos) (NISession.h); the framework itself
// imports on macOS.
#if canImport(NearbyInteraction) && !os(macOS) && !PERMIT_CHECK_MACOS
import NearbyInteraction
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/nearbyInteraction``, over Nearby Interaction.
///
/// Nearby Interaction has no status API and no request call: iOS asks the person when the app runs its first
/// session with a peer, and a denial shows up as the session's invalidation with `userDidNotAllow`. So the app
/// reports its sessions' outcomes (``sessionDidRun()``, ``sessionDidInvalidate(with:)``), the authority keeps
/// the last one (in `UserDefaults`, so that it survives a relaunch and the center sees no change that did not
/// happen), and reads, as `NearbyInteractionOutcome` (tested on Linux) decides:
///
/// | Nearby Interaction | Permit |
/// | --- | --- |
/// | no ultra-wideband chip (`deviceCapabilities.supportsPreciseDistanceMeasurement` false) | `unavailable` |
/// | no session has run yet | `notDetermined` |
/// | a session ran | `granted` |
/// | a session was invalidated with `userDidNotAllow` | `denied` |
///
/// ``request(_:)`` cannot show the prompt without a peer; it returns the status. Any other kind is
/// `unavailable`. Its Info.plist key is `NSNearbyInteractionUsageDescription`.
///
/// For example, from the app's `NISessionDelegate`:
///
/// ```swift
/// let nearby = NearbyInteractionAuthority()
/// func session(_ session: NISession, didInvalidateWith error: any Error) {
///     Task { await nearby.sessionDidInvalidate(with: error) }
/// }
/// ```
public actor NearbyInteractionAuthority: PermissionAuthority {
    /// The `UserDefaults` key that keeps the last outcome.
    public let defaultsKey: String
    private var changeHandler: (@Sendable (PermissionKind) -> Void)?

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority, keeping the last session outcome under `defaultsKey` in the standard defaults. `logger`
    /// hears, once, that Info.plist lacks the kind's purpose string.
    public init(
        defaultsKey: String = "PermitNearbyInteractionOutcome",
        logger: Logger = Logger(label: "Permit.NearbyInteraction")
    ) {
        purposeKeys = PurposeKeyCheck(kind: .nearbyInteraction, logger: logger)
        self.defaultsKey = defaultsKey
    }

    /// The last outcome, or `unavailable` on a device without ultra-wideband.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .nearbyInteraction else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return NearbyInteractionOutcome.status(
            supportsPreciseDistance: NISession.deviceCapabilities.supportsPreciseDistanceMeasurement,
            remembered: UserDefaults.standard.string(forKey: defaultsKey))
    }

    /// The same as ``status(of:)``: the prompt shows only when the app runs a session with a peer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        await status(of: kind)
    }

    /// Records that a session ran (the person allowed Nearby Interaction).
    public func sessionDidRun() {
        record(NearbyInteractionOutcome.afterSessionRan)
    }

    /// Records a session's invalidation: `userDidNotAllow` means the person declined; other errors say nothing
    /// of the permission.
    public func sessionDidInvalidate(with error: any Error) {
        let userDidNotAllow = (error as? NIError)?.code == .userDidNotAllow
        if let status = NearbyInteractionOutcome.afterInvalidation(userDidNotAllow: userDidNotAllow) { record(status) }
    }

    /// Installs the handler that hears about recorded outcomes.
    public func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        changeHandler = handler
    }

    private func record(_ status: PermissionStatus) {
        let remembered = UserDefaults.standard.string(forKey: defaultsKey)
        guard NearbyInteractionOutcome.isChange(to: status, remembered: remembered) else { return }
        UserDefaults.standard.set(status.rawValue, forKey: defaultsKey)
        changeHandler?(.nearbyInteraction)
    }
}
#endif
